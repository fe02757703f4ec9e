import { RECORD_TIME } from '@tidemark/protocol';
import { chartZone } from '../features/market/chartZone';
import { offsetLabel } from '../features/market/zone';
import { LOCALE } from './index';

/*
 * The one way times become text, the staff console's included: in the zone the trader chose on the
 * chart (the exchange's zone until they choose), so the chart, the tape, the records and the
 * console agree.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string, kind: 'full' | 'short' | 'clock'): Intl.DateTimeFormat {
  const key = `${zone}:${kind}`;
  let format = formats.get(key);
  if (!format) {
    format =
      kind === 'clock'
        ? new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
        : new Intl.DateTimeFormat(LOCALE, { timeZone: zone, ...(kind === 'full' ? { year: 'numeric' } : {}), ...RECORD_TIME });
    formats.set(key, format);
  }
  return format;
}

/** An epoch-ms time in the user's language, with the year. */
export const formatTime = (timeMs: number): string => formatIn(chartZone.get(), 'full').format(timeMs);

/** The same without the year, for dense rows (the full time as their title). */
export const formatShortTime = (timeMs: number): string => formatIn(chartZone.get(), 'short').format(timeMs);

/** A trade's time of day (HH:mm:ss), as the tape shows it. */
export const formatClock = (timeMs: number): string => formatIn(chartZone.get(), 'clock').format(timeMs);

/** A time column's heading with the zone's offset now ("Time (UTC+08:00)"), so a time is never ambiguous. */
export const timeTitle = (title: string): string => `${title} (${offsetLabel(chartZone.get(), Date.now())})`;

/** A zone with its offset now ("Asia/Shanghai (UTC+08:00)"): the chart's picker, the console's note. */
export const zoneLabel = (zone: string = chartZone.get()): string => `${zone} (${offsetLabel(zone, Date.now())})`;
