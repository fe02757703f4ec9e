import { bucketStartMs, periodMs, rollUp, storedPeriodFor, type Candle, type Period } from '@tidemark/core';
import { limits, type TDepthView } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { MarketBoard } from '../../engine/board';
import type { MarketPair } from '../../engine/feed';
import { Rejection } from '../../rejection';
import { presentDepth } from './present';
import { selectCandles, selectSecondAt } from './queries';

const LONGEST_MONTH_MS = 31 * 24 * 3600_000;

/**
 * Bars of `period` for a chart: stored bars of the period below it, with this process's live
 * bars laid over them (the database lags the board by up to one flush), rolled up. At most
 * `limits.candlesPerAnswerMax` bars, the newest; `fromMs` defaults to as far back as that allows.
 */
export async function chartBars(
  db: Db,
  board: MarketBoard,
  pair: MarketPair,
  period: Period,
  range: { fromMs?: number | undefined; toMs?: number | undefined },
  nowMs: number,
): Promise<Candle[]> {
  const stored = storedPeriodFor(period);
  const toMs = range.toMs ?? nowMs;
  const earliestMs = toMs - limits.candlesPerAnswerMax * (periodMs(period) ?? LONGEST_MONTH_MS);
  const fromMs = bucketStartMs(period, Math.max(range.fromMs ?? earliestMs, earliestMs));
  if (fromMs > toMs) return [];
  const byTime = new Map<number, Candle>();
  for (const bar of await selectCandles(db, pair.pairId, stored, fromMs, toMs, Number.MAX_SAFE_INTEGER)) byTime.set(bar.timeMs, bar);
  for (const bar of board.recentBars(pair.pairId, stored)) {
    if (bar.timeMs >= fromMs && bar.timeMs <= toMs) byTime.set(bar.timeMs, bar);
  }
  const bars = [...byTime.values()].sort((a, b) => a.timeMs - b.timeMs);
  return rollUp(bars, period).slice(-limits.candlesPerAnswerMax);
}

/** The pair named by the spec's ids, or a `not_found` rejection. */
export function pairByIds(board: MarketBoard, currencyId: bigint, legalId: bigint): MarketPair {
  const pair = board.pairByIds(Number(currencyId), Number(legalId));
  if (!pair) throw new Rejection('not_found');
  return pair;
}

/**
 * The order book and last price of a pair as the lever and spot calls answer them
 * (`lever_transaction.in` bids, `.out` asks, best first).
 */
export function depthView(board: MarketBoard, pairId: number): TDepthView {
  const { bids, asks } = board.depth(pairId);
  return presentDepth(
    { bids: bids.slice(0, limits.depthLevelsMax), asks: asks.slice(0, limits.depthLevelsMax) },
    board.lastPriceUnits(pairId),
  );
}

/**
 * The recorded price of a pair at `timeMs`: the close of the second holding it, or of the last
 * recorded second before it. Settlements use it, so anyone can check them later.
 */
export async function recordedPriceAt(db: Db, pairId: number, timeMs: number): Promise<bigint | undefined> {
  return (await selectSecondAt(db, pairId, timeMs))?.closeUnits;
}
