import { RECORD_TIME } from '@tidemark/protocol';
import { LOCALE } from '../../format';
import { chartZone } from '../market/chartZone';
import { offsetLabel } from '../market/zone';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The record time format of a zone, in the user's language: with the year, or (short) without. */
function formatIn(zone: string, short: boolean): Intl.DateTimeFormat {
  const key = `${zone}:${short}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { timeZone: zone, ...(short ? {} : { year: 'numeric' }), ...RECORD_TIME });
    formats.set(key, format);
  }
  return format;
}

/** An epoch-ms time in the user's language, in the trader's chosen zone (the chart's and the trades list's). */
export const formatTime = (timeMs: number): string => formatIn(chartZone.get(), false).format(timeMs);

/** The same without the year, for dense rows (the full time as their title). */
export const formatShortTime = (timeMs: number): string => formatIn(chartZone.get(), true).format(timeMs);

/** A time column's heading with the zone's offset now ("Time (UTC+08:00)"), so a time is never ambiguous. */
export const timeTitle = (title: string): string => `${title} (${offsetLabel(chartZone.get(), Date.now())})`;
