import { z } from 'zod';
import { parseUnits } from '@tidemark/core';
import { DISPLAY_TIME_ZONE, RECORD_TIME } from './time';

/**
 * A decimal amount on the wire ("12.5"), parsed to bigint units of 1e-8. A refusal names the
 * reason as the issue's message, which the server turns into its translated `amount_*` code.
 */
export const zAmount = z.string().transform((text, ctx) => {
  const parsed = parseUnits(text);
  if (parsed.ok) return parsed.units;
  ctx.addIssue({ code: 'custom', message: `amount_${parsed.reason}` });
  return z.NEVER;
});

/** A positive amount. */
export const zPositiveAmount = zAmount.refine((units) => units > 0n, 'amount_not_positive');

/** A database id from a form field or query string. */
export const zId = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/)
  .transform((text) => BigInt(text));

/** Decimal strings and epoch-millisecond times as the wire carries them. */
export const zDecimal = z.string().regex(/^-?[0-9]+(\.[0-9]+)?$/);
export const zTimeMs = z.number().int();

const DISPLAY_TIME = new Intl.DateTimeFormat('sv-SE', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', ...RECORD_TIME });

/** A record time as the spec's clients show it: "2026-11-23 14:03:27". */
export const displayTime = (timeMs: number | bigint): string => DISPLAY_TIME.format(new Date(Number(timeMs)));
/** A record time that may be unset: empty when it is, as the template sends it. */
export const displayTimeOrEmpty = (timeMs: number | bigint | null): string => (timeMs === null ? '' : displayTime(timeMs));
/** A trade's time of day as the tape shows it: "14:03:27". */
export const displayClock = (timeMs: number | bigint): string => displayTime(timeMs).slice(11);

/** The wire forms of the two: a record's display time (or empty when unset), a trade's time of day. */
export const zDisplayTime = z.string().regex(/^([0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2})?$/);
export const zDisplayClock = z.string().regex(/^[0-9]{2}:[0-9]{2}:[0-9]{2}$/);
