import { PERIODS, type Clock, type Depth, type Period, type Trade, type TickEvent } from '@tidemark/core';
import {
  DEPTH_COMPAT_LEVELS,
  type TCoinDepthEvent,
  type TCoinDetailEvent,
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
  const book = <T extends 'market_depth' | 'coin_depth'>(type: T, pairId: number, depth: Depth, lastPriceUnits: bigint, seq: number) => {
    const view = presentDepth(depth, lastPriceUnits);
    const { in: bids, out: asks } = view.lever_transaction;
    return {
      type,
      ...head(pairId, seq),
      in: bids,
      out: asks,
      bids: bids.slice(0, DEPTH_COMPAT_LEVELS),
      asks: asks.slice(0, DEPTH_COMPAT_LEVELS),
      last_price: view.last_price,
    };
  };
  return {
    periods: PERIODS as readonly Period[],

    depth(event: DepthTick, seq = event.seq): TMarketDepthEvent {
      return book('market_depth', event.pairId, event.depth, board.lastPriceUnits(event.pairId), seq);
    },

    /** `trades` oldest first, as ticks carry them; the payload lists them newest first */
    detail(pairId: number, trades: readonly Trade[], seq: number): TMarketDetailEvent {
      return { type: 'market_detail', ...head(pairId, seq), data: [...trades].reverse().map(presentTrade) };
    },

    /** the spot book after a batch of the matcher, with its last fill price */
    spotDepth(pairId: number, depth: Depth, lastPriceUnits: bigint, seq: number): TCoinDepthEvent {
      return book('coin_depth', pairId, depth, lastPriceUnits, seq);
    },

    /** real spot fills, newest first as the matcher hands them */
    spotDetail(pairId: number, trades: readonly Trade[], seq: number): TCoinDetailEvent {
      return { type: 'coin_detail', ...head(pairId, seq), data: trades.map(presentTrade) };
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
