import { z } from 'zod';
import { parseUnits } from '@tidemark/core';

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

// Record times as the spec's clients print them, as they come: "2026-11-23 14:03:27" in the
// exchange's zone (the spec's chart zone); answers carry the epoch milliseconds beside them.
const DISPLAY_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A record time as the spec's clients show it. */
export const displayTime = (timeMs: number | bigint): string => DISPLAY_TIME.format(new Date(Number(timeMs)));
