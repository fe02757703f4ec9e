// The exchange's time rule, without zod: the web's first load takes it alone.

/**
 * The exchange's display zone (the spec's chart zone): template-family clients print the spec's
 * time fields as they come, so answers carry them as text in this zone, beside epoch ms twins
 * (`ts`, `*_ms`) that our web app formats in the zone the trader chooses, this one until they do.
 */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

/** A record's time of day, to the second on a 24-hour clock; with `year` the date is whole. */
export const RECORD_TIME: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
