/** Candle resolutions the chart offers (spec section 9), named as `new_timeshar` takes them. */
export const PERIODS = [
  '1min',
  '3min',
  '5min',
  '15min',
  '30min',
  '60min',
  '120min',
  '240min',
  '360min',
  '720min',
  '1day',
  '3day',
  '1week',
  '1mon',
] as const;
export type Period = (typeof PERIODS)[number];

/** Periods that are stored; every other one is rolled up from the largest of these that divides it. */
export const STORED_PERIODS = ['1min', '60min', '1day'] as const satisfies readonly Period[];
export type StoredPeriod = (typeof STORED_PERIODS)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
// 1970-01-05 was a Monday: weeks start on Mondays, as exchanges draw them
const FIRST_MONDAY_MS = 4 * DAY_MS;

// Other spellings clients use for the same periods (TradingView resolutions, hour names).
const ALIASES: Record<string, Period> = {
  '1': '1min',
  '3': '3min',
  '5': '5min',
  '15': '15min',
  '30': '30min',
  '60': '60min',
  '120': '120min',
  '240': '240min',
  '360': '360min',
  '720': '720min',
  '1h': '60min',
  '1hour': '60min',
  '2hour': '120min',
  '4hour': '240min',
  '6hour': '360min',
  '12hour': '720min',
  '1d': '1day',
  D: '1day',
  '1D': '1day',
  '3D': '3day',
  W: '1week',
  '1W': '1week',
  M: '1mon',
  '1M': '1mon',
  '1month': '1mon',
};

/** The period a client names, or undefined. */
export function parsePeriod(text: string): Period | undefined {
  if ((PERIODS as readonly string[]).includes(text)) return text as Period;
  // own keys only: `constructor` or `hasOwnProperty` must not find the object's prototype
  for (const key of [text, text.toLowerCase()]) if (Object.hasOwn(ALIASES, key)) return ALIASES[key];
  return undefined;
}

/** Fixed length of a period in ms; undefined for months, whose length varies. */
export function periodMs(period: Period | '1s'): number | undefined {
  if (period === '1s') return 1000;
  if (period === '1mon') return undefined;
  if (period.endsWith('min')) return Number.parseInt(period, 10) * MINUTE_MS;
  if (period.endsWith('day')) return Number.parseInt(period, 10) * DAY_MS;
  return 7 * DAY_MS;
}

/** Start (epoch ms, UTC) of the bucket of `period` holding `timeMs`. */
export function bucketStartMs(period: Period | '1s', timeMs: number): number {
  if (period === '1mon') {
    const date = new Date(timeMs);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  const size = periodMs(period)!;
  const origin = period === '1week' ? FIRST_MONDAY_MS : 0;
  return Math.floor((timeMs - origin) / size) * size + origin;
}

/** Start of the bucket after the one holding `timeMs`. */
export function nextBucketStartMs(period: Period | '1s', timeMs: number): number {
  const start = bucketStartMs(period, timeMs);
  if (period !== '1mon') return start + periodMs(period)!;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The stored period a period is rolled up from. */
export function storedPeriodFor(period: Period): StoredPeriod {
  const size = periodMs(period);
  if (size !== undefined && size < 60 * MINUTE_MS) return '1min';
  if (size !== undefined && size < DAY_MS) return '60min';
  return '1day';
}
