import { UNITS_PER_COIN } from '../money';
import { rollUp, type Candle } from './candle';
import { bucketStartMs, periodMs, type StoredPeriod } from './period';
import { amountForNotional, roundToStep } from './price';
import { NORMAL_STD, normalish, type Rng } from './rng';
import { movePrice } from './sim';

/** How much history a fresh install shows: three days of minutes, two months of hours, three years of days. */
export const BACKFILL_MINUTES = 3 * 24 * 60;
export const BACKFILL_HOURS = 60 * 24;
export const BACKFILL_DAYS = 3 * 365;

interface Segment {
  period: StoredPeriod;
  count: number;
  sigmaPpm: bigint;
  /** the gap to the reference shrinks by 1/reversion per bar */
  reversion: bigint;
  /** traded value per bar, in quote units, before randomness */
  notionalUnits: bigint;
}

// Per-bar volatility matching the live feed (about 65% a year) at each bar length.
const SEGMENTS: readonly Segment[] = [
  { period: '1min', count: BACKFILL_MINUTES, sigmaPpm: 930n, reversion: 3000n, notionalUnits: 50_000n * UNITS_PER_COIN },
  { period: '60min', count: BACKFILL_HOURS, sigmaPpm: 7_200n, reversion: 50n, notionalUnits: 3_000_000n * UNITS_PER_COIN },
  { period: '1day', count: BACKFILL_DAYS, sigmaPpm: 35_000n, reversion: 20n, notionalUnits: 72_000_000n * UNITS_PER_COIN },
];

/**
 * A believable price history that ends exactly at `referencePriceUnits` just before `nowMs`:
 * a random walk drawn backwards in time, finest bars nearest to now. Each coarser stored period
 * also holds the roll-up of the finer history, so every chart interval agrees with the others.
 */
export function backfillCandles(
  referencePriceUnits: bigint,
  tickUnits: bigint,
  nowMs: number,
  rng: Rng,
): Record<StoredPeriod, Candle[]> {
  const drawn = {} as Record<StoredPeriod, Candle[]>;
  let price = referencePriceUnits;
  // each segment ends where the next finer one starts, aligned to its own buckets
  let endMs = bucketStartMs('1min', nowMs);
  for (const segment of SEGMENTS) {
    const size = periodMs(segment.period)!;
    const alignedEndMs = segment.period === '1min' ? endMs : bucketStartMs(segment.period, endMs);
    const bars: Candle[] = [];
    for (let i = 1; i <= segment.count; i++) {
      const close = price;
      const open = movePrice(close, referencePriceUnits, segment.sigmaPpm, segment.reversion, tickUnits, rng);
      const wick = (side: bigint) =>
        roundToStep((side * BigInt(Math.abs(normalish(rng))) * segment.sigmaPpm) / (2n * BigInt(NORMAL_STD) * 1_000_000n), tickUnits);
      const top = open > close ? open : close;
      const bottom = open < close ? open : close;
      const low = bottom - wick(bottom);
      const notional = (segment.notionalUnits * BigInt(50 + rng.int(100))) / 100n;
      bars.push({
        timeMs: alignedEndMs - i * size,
        openUnits: open,
        highUnits: top + wick(top),
        lowUnits: low > 0n ? low : tickUnits,
        closeUnits: close,
        volumeUnits: amountForNotional(notional, close),
      });
      price = open;
    }
    drawn[segment.period] = bars.reverse();
    // the coarser segment starts one of its own buckets before the finer one, at a bucket start
    endMs = drawn[segment.period][0]!.timeMs;
  }
  const hours = [...drawn['60min'], ...rollUp(drawn['1min'], '60min')];
  return {
    '1min': drawn['1min'],
    '60min': hours,
    '1day': [...drawn['1day'], ...rollUp(hours, '1day')],
  };
}
