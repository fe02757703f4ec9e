import type { Clock } from '../clock';
import type { Depth, Trade } from './price';
import type { Candle } from './candle';
import type { MarketPair } from './feed';
import type { StoredPeriod } from './period';
import type { DayStats } from './stats';

/**
 * What modules read of the live market, and all they may: the engine implements it and the app
 * hands it to the routes, so modules never import the engine.
 */
export interface MarketView {
  /** the market's time, the one clock of the app */
  readonly clock: Clock;
  pairs(): readonly MarketPair[];
  pairBySymbol(symbol: string): MarketPair | undefined;
  pairByIds(currencyId: number, legalId: number): MarketPair | undefined;
  /** the last traded price, or the reference price before any trade */
  lastPriceUnits(pairId: number): bigint;
  /** the bars of a stored period this process holds (the open one included), ascending */
  recentBars(pairId: number, period: StoredPeriod): readonly Candle[];
  /** newest first */
  recentTrades(pairId: number): readonly Trade[];
  /**
   * the latest trade at or before `nowMs` (one stamped a little ahead of this clock is not yet a
   * price), with the term of the engine leader whose feed made it (its writes prove the same term)
   */
  lastTradeAt(pairId: number, nowMs: number): (Trade & { term: bigint }) | undefined;
  depth(pairId: number): Depth;
  /** the 24-hour figures of a pair at `nowMs` */
  dayStats(pairId: number, nowMs: number): DayStats;
}
