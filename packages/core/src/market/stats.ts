import type { Candle } from './candle';

export const DAY_WINDOW_MS = 24 * 3600_000;

/** The 24-hour figures of a pair: first open, extremes, last close and traded volume. */
export interface DayStats {
  openUnits: bigint;
  highUnits: bigint;
  lowUnits: bigint;
  lastUnits: bigint;
  volumeUnits: bigint;
}

/**
 * 24-hour figures from minute bars (ascending); `fallbackUnits` stands for the price when no
 * bar lies in the window (a pair that has not traded for a day).
 */
export function dayStats(minutes: readonly Candle[], nowMs: number, fallbackUnits: bigint): DayStats {
  const sinceMs = nowMs - DAY_WINDOW_MS;
  let stats: DayStats | undefined;
  for (const c of minutes) {
    if (c.timeMs < sinceMs) continue;
    if (!stats) {
      stats = { ...c, lastUnits: c.closeUnits };
      continue;
    }
    if (c.highUnits > stats.highUnits) stats.highUnits = c.highUnits;
    if (c.lowUnits < stats.lowUnits) stats.lowUnits = c.lowUnits;
    stats.lastUnits = c.closeUnits;
    stats.volumeUnits += c.volumeUnits;
  }
  const last = minutes.at(-1)?.closeUnits ?? fallbackUnits;
  return (
    stats ?? { openUnits: last, highUnits: last, lowUnits: last, lastUnits: last, volumeUnits: 0n }
  );
}
