import type { Period } from '@tidemark/core';
import type { ParseKeys } from 'i18next';

/** A chart interval: its stored `tim` value, the period asked of the server, and its label. */
export interface Interval {
  tim: string;
  period: Period;
  label: ParseKeys;
  /** the realtime view: a line of 1-minute closes instead of candles */
  line?: boolean;
}

/** The intervals of DESIGN decision 8; `tim` keeps the spec's minute numbers. */
export const INTERVALS: readonly Interval[] = [
  { tim: 'realtime', period: '1min', label: 'market.interval.realtime', line: true },
  { tim: '1', period: '1min', label: 'market.interval.min1' },
  { tim: '5', period: '5min', label: 'market.interval.min5' },
  { tim: '15', period: '15min', label: 'market.interval.min15' },
  { tim: '30', period: '30min', label: 'market.interval.min30' },
  { tim: '60', period: '60min', label: 'market.interval.hour1' },
  { tim: '1D', period: '1day', label: 'market.interval.day1' },
  { tim: '1W', period: '1week', label: 'market.interval.week1' },
  { tim: '1M', period: '1mon', label: 'market.interval.month1' },
];

/** The stored interval, or 1 minute (the spec's default) when the stored one is unknown. */
export function intervalOf(tim: string): Interval {
  return INTERVALS.find((interval) => interval.tim === tim) ?? INTERVALS[1]!;
}
