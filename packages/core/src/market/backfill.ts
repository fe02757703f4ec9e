import { rollUp, type Candle } from './candle';
import { bucketStartMs, periodMs, type StoredPeriod } from './period';
import { amountForNotional, roundToStep } from './price';
import { NORMAL_STD, normalish, type Rng } from './rng';
import { movePrice, NOTIONAL_PER_SECOND_UNITS } from './sim';

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
}

// Per-bar volatility matching the live feed (about 65% a year) at each bar length.
const SEGMENTS: readonly Segment[] = [
  { period: '1min', count: BACKFILL_MINUTES, sigmaPpm: 930n, reversion: 3000n },
  { period: '60min', count: BACKFILL_HOURS, sigmaPpm: 7_200n, reversion: 50n },
  { period: '1day', count: BACKFILL_DAYS, sigmaPpm: 35_000n, reversion: 20n },
];

/**
 * Where the back-filled history of each stored period starts, for a history ending at `nowMs`:
 * minutes up to now, and each coarser period from one of its own buckets before the finer one
 * starts. A history taken from an exchange covers the same spans.
 */
export function backfillStartsMs(nowMs: number): Record<StoredPeriod, number> {
  const starts = {} as Record<StoredPeriod, number>;
  let endMs = bucketStartMs('1min', nowMs);
  for (const segment of SEGMENTS) {
    starts[segment.period] = bucketStartMs(segment.period, endMs) - segment.count * periodMs(segment.period)!;
    endMs = starts[segment.period];
  }
  return starts;
}

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
  const starts = backfillStartsMs(nowMs);
  for (const segment of SEGMENTS) {
    const size = periodMs(segment.period)!;
    // traded value per bar, in quote units, before randomness: the live feed's rate for as long
    const notionalUnits = NOTIONAL_PER_SECOND_UNITS * BigInt(size / 1000);
    const alignedEndMs = starts[segment.period] + segment.count * size;
    const bars: Candle[] = [];
    for (let i = 1; i <= segment.count; i++) {
      const close = price;
      const open = movePrice(close, referencePriceUnits, segment.sigmaPpm, segment.reversion, tickUnits, rng);
      const wick = (side: bigint) =>
        roundToStep((side * BigInt(Math.abs(normalish(rng))) * segment.sigmaPpm) / (2n * BigInt(NORMAL_STD) * 1_000_000n), tickUnits);
      const top = open > close ? open : close;
      const bottom = open < close ? open : close;
      const low = bottom - wick(bottom);
      const notional = (notionalUnits * BigInt(50 + rng.int(100))) / 100n;
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
  }
  const hours = [...drawn['60min'], ...rollUp(drawn['1min'], '60min')];
  return {
    '1min': drawn['1min'],
    '60min': hours,
    '1day': [...drawn['1day'], ...rollUp(hours, '1day')],
  };
}
