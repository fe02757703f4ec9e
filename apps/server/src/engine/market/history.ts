import {
  assertCandle,
  backfillCandles,
  backfillStartsMs,
  bucketStartMs,
  createRng,
  parseUnits,
  periodMs,
  type Candle,
  type MarketPair,
  type StoredPeriod,
} from '@tidemark/core';
import { pairsWithHistory, storeHistory } from '../../modules/market/service';
import type { Lead } from '../hosted';
import { exchangeSymbol } from './exchange-feed';

/** A pair's chart history up to `nowMs`, in every stored period. */
export type HistorySource = (pair: MarketPair, nowMs: number) => Promise<Record<StoredPeriod, Candle[]>>;

/** A history drawn from the seed, ending at the pair's reference price. */
export const simHistory =
  (seed: number): HistorySource =>
  async (pair, nowMs) =>
    backfillCandles(pair.referencePriceUnits, pair.tickUnits, nowMs, createRng(seed + pair.pairId));

/** The exchange's kline interval of each stored period. */
const INTERVAL: Record<StoredPeriod, string> = { '1min': '1m', '60min': '1h', '1day': '1d' };
/** Binance answers at most 1000 klines a request. */
const KLINES_PER_REQUEST = 1000;
/** A fresh install waits for its history before it serves: an exchange that hangs must not hold it up for long. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface ExchangeHistoryOptions {
  /** the public REST API, e.g. https://api.binance.com */
  restUrl: string;
  /** klines asked for per request (tests page with fewer) */
  pageSize?: number;
}

/** One kline: [open time, open, high, low, close, volume, close time, ...], prices and amounts as decimal strings. */
function parseKline(row: unknown, period: StoredPeriod): Candle {
  if (!Array.isArray(row) || typeof row[0] !== 'number' || row[0] !== bucketStartMs(period, row[0])) {
    throw new Error(`malformed ${period} kline ${JSON.stringify(row)}`);
  }
  const units = (i: number) => {
    const parsed = typeof row[i] === 'string' ? parseUnits(row[i]) : undefined;
    if (!parsed?.ok) throw new Error(`malformed ${period} kline ${JSON.stringify(row)}`);
    return parsed.units;
  };
  return assertCandle({ timeMs: row[0], openUnits: units(1), highUnits: units(2), lowUnits: units(3), closeUnits: units(4), volumeUnits: units(5) });
}

/**
 * The pair's real history from the exchange's public klines, over the spans a simulated
 * history covers (see backfillStartsMs). The open bars are kept: they hold what traded so far
 * in the current minute, hour and day, which live trades then add to.
 */
export const exchangeHistory =
  ({ restUrl, pageSize = KLINES_PER_REQUEST }: ExchangeHistoryOptions): HistorySource =>
  async (pair, nowMs) => {
    const starts = backfillStartsMs(nowMs);
    const history = {} as Record<StoredPeriod, Candle[]>;
    for (const period of ['1min', '60min', '1day'] as const) {
      const bars: Candle[] = [];
      let fromMs = starts[period];
      while (fromMs <= nowMs) {
        const query = new URLSearchParams({
          symbol: exchangeSymbol(pair.symbol),
          interval: INTERVAL[period],
          startTime: String(fromMs),
          endTime: String(nowMs),
          limit: String(pageSize),
        });
        const response = await fetch(`${restUrl}/api/v3/klines?${query}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`${period} klines of ${pair.symbol} answered ${response.status}`);
        const body: unknown = await response.json();
        if (!Array.isArray(body)) throw new Error(`${period} klines of ${pair.symbol} are not a list`);
        const page = body.map((row) => parseKline(row, period));
        for (const bar of page) {
          if (bar.timeMs < fromMs || bar.timeMs > nowMs) throw new Error(`${period} kline of ${pair.symbol} at ${bar.timeMs} is out of order`);
          fromMs = bar.timeMs + periodMs(period)!;
        }
        bars.push(...page);
        if (page.length < pageSize) break;
      }
      history[period] = bars;
    }
    // a pair the exchange has no recent trades of is better shown with a simulated history than none
    if (history['1min'].length === 0) throw new Error(`no recent klines of ${pair.symbol}`);
    return history;
  };

/** The exchange's history, or the simulated one (with a warning) for a pair the exchange could not give. */
export const withFallback =
  (primary: HistorySource, fallback: HistorySource, warn: (pair: MarketPair, error: unknown) => void): HistorySource =>
  async (pair, nowMs) => {
    try {
      return await primary(pair, nowMs);
    } catch (error) {
      warn(pair, error);
      return fallback(pair, nowMs);
    }
  };

/** Back-fills every pair with no stored history (a fresh install); answers those pairs. */
export async function backfillMissing(lead: Lead, pairs: readonly MarketPair[], source: HistorySource, nowMs: number): Promise<MarketPair[]> {
  const stored = await pairsWithHistory(lead.db);
  const missing = pairs.filter((p) => !stored.has(p.pairId));
  // fetched before the transaction, so no write lock is held while an exchange answers
  const histories = await Promise.all(missing.map((pair) => source(pair, nowMs)));
  const bars = missing.flatMap((pair, i) => {
    const history = histories[i]!;
    return (Object.keys(history) as StoredPeriod[]).flatMap((period) => history[period].map((candle) => ({ pairId: pair.pairId, period, candle })));
  });
  if (bars.length > 0) await lead.write((trx) => storeHistory(trx, bars));
  return missing;
}
