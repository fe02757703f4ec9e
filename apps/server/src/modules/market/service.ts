import {
  bucketStartMs,
  periodMs,
  rollUp,
  storedPeriodFor,
  type Candle,
  type MarketPair,
  type MarketView,
  type Period,
  type StoredPeriod,
} from '@tidemark/core';
import { limits, type TDepthView } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { presentDepth } from './present';
import {
  deleteSecondsBefore,
  insertSeconds,
  selectCandles,
  selectPairsWithCandles,
  selectSecondAt,
  selectSecondsFrom,
  upsertCandles,
} from './queries';

const LONGEST_MONTH_MS = 31 * 24 * 3600_000;

/**
 * Bars of `period` for a chart: stored bars of the period below it, with this process's live
 * bars laid over them (the database lags the board by up to one flush), rolled up. At most
 * `limits.candlesPerAnswerMax` bars, the newest; `fromMs` defaults to as far back as that allows.
 */
export async function chartBars(
  db: Db,
  market: MarketView,
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
  for (const bar of market.recentBars(pair.pairId, stored)) {
    if (bar.timeMs >= fromMs && bar.timeMs <= toMs) byTime.set(bar.timeMs, bar);
  }
  const bars = [...byTime.values()].sort((a, b) => a.timeMs - b.timeMs);
  return rollUp(bars, period).slice(-limits.candlesPerAnswerMax);
}

/** The pair named by the spec's ids, or a `not_found` rejection. */
export function pairByIds(market: MarketView, currencyId: bigint, legalId: bigint): MarketPair {
  const pair = market.pairByIds(Number(currencyId), Number(legalId));
  if (!pair) throw new Rejection('not_found');
  return pair;
}

/**
 * The order book and last price of a pair as the lever and spot calls answer them
 * (`lever_transaction.in` bids, `.out` asks, best first).
 */
export function depthView(market: MarketView, pairId: number): TDepthView {
  const { bids, asks } = market.depth(pairId);
  return presentDepth(
    { bids: bids.slice(0, limits.depthLevelsMax), asks: asks.slice(0, limits.depthLevelsMax) },
    market.lastPriceUnits(pairId),
  );
}

/**
 * The recorded price of a pair at `timeMs`: the close of the second holding it, or of the last
 * recorded second before it. Settlements use it, so anyone can check them later.
 */
export async function recordedPriceAt(db: Db, pairId: number, timeMs: number): Promise<bigint | undefined> {
  return (await selectSecondAt(db, pairId, timeMs))?.closeUnits;
}

/** The newest `limit` stored bars of a period in [fromMs, toMs], ascending: what a board starts from. */
/** A pair's recorded seconds from `fromMs` on, oldest first, `limit` at a time (a catch-up's replay). */
export const recordedSecondsFrom = (db: Db, pairId: number, fromMs: number, limit: number) => selectSecondsFrom(db, pairId, fromMs, limit);

export function storedBars(db: Db, pairId: number, period: StoredPeriod, fromMs: number, toMs: number, limit: number): Promise<Candle[]> {
  return selectCandles(db, pairId, period, fromMs, toMs, limit);
}

/** Pairs that have any stored history (the others need back-filling). */
export function pairsWithHistory(db: Db): Promise<Set<number>> {
  return selectPairsWithCandles(db);
}

export type StoredBar = { pairId: number; period: StoredPeriod; candle: Candle };

/** Stores back-filled history, all pairs in one transaction: a fresh install has all of it or none. */
export async function storeHistory(db: Db, bars: StoredBar[]): Promise<void> {
  await inTransaction(db, (trx) => upsertCandles(trx, bars));
}

/**
 * Records what the engine leader saw since its last flush in one transaction: finished seconds
 * (kept as they are if a previous leader recorded them) and the stored candles that changed.
 */
export async function recordBars(db: Db, seconds: { pairId: number; bar: Candle }[], candles: StoredBar[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    await insertSeconds(trx, seconds);
    await upsertCandles(trx, candles);
  });
}

/** Deletes up to `limit` of a pair's oldest recorded seconds before `beforeMs`; answers how many. */
export function pruneRecordedSeconds(db: Db, pairId: number, beforeMs: number, limit: number): Promise<number> {
  return deleteSecondsBefore(db, pairId, beforeMs, limit);
}
