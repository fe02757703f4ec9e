import { bucketStartMs, type Period } from './period';

/** One bar: prices and volume (base currency) in units of 1e-8; `timeMs` is the bucket start. */
export interface Candle {
  timeMs: number;
  openUnits: bigint;
  highUnits: bigint;
  lowUnits: bigint;
  closeUnits: bigint;
  volumeUnits: bigint;
}

/** A bar holding a single trade. */
export function candleOfTrade(timeMs: number, priceUnits: bigint, amountUnits: bigint): Candle {
  return {
    timeMs,
    openUnits: priceUnits,
    highUnits: priceUnits,
    lowUnits: priceUnits,
    closeUnits: priceUnits,
    volumeUnits: amountUnits,
  };
}

/** `candle` with a later trade added. */
export function addTrade(candle: Candle, priceUnits: bigint, amountUnits: bigint): Candle {
  return {
    timeMs: candle.timeMs,
    openUnits: candle.openUnits,
    highUnits: priceUnits > candle.highUnits ? priceUnits : candle.highUnits,
    lowUnits: priceUnits < candle.lowUnits ? priceUnits : candle.lowUnits,
    closeUnits: priceUnits,
    volumeUnits: candle.volumeUnits + amountUnits,
  };
}

/** Two consecutive bars as one bar starting at `timeMs` (`earlier` must precede `later`). */
export function mergeCandles(earlier: Candle, later: Candle, timeMs = earlier.timeMs): Candle {
  return {
    timeMs,
    openUnits: earlier.openUnits,
    highUnits: later.highUnits > earlier.highUnits ? later.highUnits : earlier.highUnits,
    lowUnits: later.lowUnits < earlier.lowUnits ? later.lowUnits : earlier.lowUnits,
    closeUnits: later.closeUnits,
    volumeUnits: earlier.volumeUnits + later.volumeUnits,
  };
}

/**
 * Bars of a finer period (ascending by time, no duplicates) rolled up into `period`.
 * Empty buckets produce no bar; the chart draws the gap.
 */
export function rollUp(candles: readonly Candle[], period: Period): Candle[] {
  const out: Candle[] = [];
  let previousMs = -Infinity;
  for (const candle of candles) {
    if (candle.timeMs <= previousMs) throw new Error(`candles out of order at ${candle.timeMs}`);
    previousMs = candle.timeMs;
    const bucketMs = bucketStartMs(period, candle.timeMs);
    const last = out.at(-1);
    if (last && last.timeMs === bucketMs) out[out.length - 1] = mergeCandles(last, candle, bucketMs);
    else out.push({ ...candle, timeMs: bucketMs });
  }
  return out;
}

/** Asserts a bar is well formed: low <= open, close <= high, volume >= 0. */
export function assertCandle(candle: Candle): Candle {
  const { openUnits: o, highUnits: h, lowUnits: l, closeUnits: c, volumeUnits: v } = candle;
  if (!(l <= o && l <= c && o <= h && c <= h && l > 0n && v >= 0n)) {
    throw new Error(`malformed candle at ${candle.timeMs}: o=${o} h=${h} l=${l} c=${c} v=${v}`);
  }
  return candle;
}
