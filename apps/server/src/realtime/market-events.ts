import { PERIODS, type Clock, type Period, type TickEvent } from '@tidemark/core';
import type { TDayMarketEvent, TKlineEvent, TMarketDepthEvent, TMarketDetailEvent, TMarketTradeEvent } from '@tidemark/protocol';
import type { MarketBoard } from '../engine/market/board';
import { changePercent, presentCandle, presentDayStats, presentDepth, presentTrade } from '../modules/market/present';

type Trades = Extract<TickEvent, { kind: 'trades' }>;
type DepthTick = Extract<TickEvent, { kind: 'depth' }>;

/** The socket payloads of a tick, read from the board after it applied the tick. */
export function marketEvents(board: MarketBoard, clock: Clock) {
  const base = (event: TickEvent) => {
    const pair = board.pair(event.pairId);
    return { pair, head: { symbol: pair.symbol, seq: event.seq, time: clock() } };
  };
  return {
    periods: PERIODS as readonly Period[],

    depth(event: DepthTick): TMarketDepthEvent {
      const { head } = base(event);
      const view = presentDepth(event.depth, board.lastPriceUnits(event.pairId));
      return { ...head, in: view.lever_transaction.in, out: view.lever_transaction.out, last_price: view.last_price };
    },

    detail(event: Trades): TMarketDetailEvent {
      return { ...base(event).head, data: [...event.trades].reverse().map(presentTrade) };
    },

    trade(event: Trades): TMarketTradeEvent {
      return { ...base(event).head, ...presentTrade(event.trades.at(-1)!) };
    },

    kline(event: Trades, period: Period): TKlineEvent {
      const bar = board.barAt(event.pairId, period, event.trades.at(-1)!.timeMs)!;
      return { ...base(event).head, period, change: changePercent(bar.openUnits, bar.closeUnits), ...presentCandle(bar) };
    },

    /** `seq` is the pair's own daymarket count: these are sent at most once a second, not on every tick */
    daymarket(event: Trades, seq: number): TDayMarketEvent {
      const { pair, head } = base(event);
      return {
        ...head,
        seq,
        currency_id: pair.currencyId,
        legal_id: pair.legalId,
        ...presentDayStats(board.dayStats(event.pairId, clock())),
      };
    },
  };
}
