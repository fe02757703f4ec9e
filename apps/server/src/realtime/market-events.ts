import { PERIODS, type Clock, type Period, type Trade, type TickEvent } from '@tidemark/core';
import {
  DEPTH_COMPAT_LEVELS,
  type TDayMarketEvent,
  type TKlineEvent,
  type TMarketDepthEvent,
  type TMarketDetailEvent,
  type TMarketTradeEvent,
} from '@tidemark/protocol';
import type { MarketBoard } from '../engine/market/board';
import { changePercent, presentCandle, presentDayStats, presentDepth, presentTrade } from '../modules/market/present';

type Trades = Extract<TickEvent, { kind: 'trades' }>;
type DepthTick = Extract<TickEvent, { kind: 'depth' }>;

/**
 * The socket payloads of a tick, read from the board after it applied the tick. `seq` is the
 * tick's unless given: streams sent less often than every tick (daymarket, the legacy throttled
 * stream) number their own events.
 */
export function marketEvents(board: MarketBoard, clock: Clock) {
  const head = (pairId: number, seq: number) => {
    const pair = board.pair(pairId);
    return {
      symbol: pair.symbol,
      seq,
      time: clock(),
      currency_id: pair.currencyId,
      legal_id: pair.legalId,
      match_id: pair.pairId,
    };
  };
  return {
    periods: PERIODS as readonly Period[],

    depth(event: DepthTick, seq = event.seq): TMarketDepthEvent {
      const view = presentDepth(event.depth, board.lastPriceUnits(event.pairId));
      const { in: bids, out: asks } = view.lever_transaction;
      return {
        type: 'market_depth',
        ...head(event.pairId, seq),
        in: bids,
        out: asks,
        bids: bids.slice(0, DEPTH_COMPAT_LEVELS),
        asks: asks.slice(0, DEPTH_COMPAT_LEVELS),
        last_price: view.last_price,
      };
    },

    /** `trades` oldest first, as ticks carry them; the payload lists them newest first */
    detail(pairId: number, trades: readonly Trade[], seq: number): TMarketDetailEvent {
      return { type: 'market_detail', ...head(pairId, seq), data: [...trades].reverse().map(presentTrade) };
    },

    trade(event: Trades): TMarketTradeEvent {
      return { ...presentTrade(event.trades.at(-1)!), type: 'market_trade', ...head(event.pairId, event.seq) };
    },

    kline(event: Trades, period: Period, type: TKlineEvent['type'] = 'kline', seq = event.seq): TKlineEvent {
      const bar = board.barAt(event.pairId, period, event.trades.at(-1)!.timeMs)!;
      return { type, ...head(event.pairId, seq), period, change: changePercent(bar.openUnits, bar.closeUnits), ...presentCandle(bar) };
    },

    daymarket(event: Trades, seq: number): TDayMarketEvent {
      return { type: 'daymarket', ...head(event.pairId, seq), ...presentDayStats(board.dayStats(event.pairId, clock())) };
    },
  };
}
