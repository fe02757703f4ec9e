// Money is an integer count of 1e-8 "units" held as bigint; floats never touch it.

export const UNITS_PER_COIN = 100_000_000n;
export const DECIMALS = 8;
/** Signed 64-bit max: the database column limit. */
export const UNITS_MAX = 9_223_372_036_854_775_807n;
export const UNITS_MIN = -UNITS_MAX - 1n;

export type MoneyRejection = 'empty' | 'malformed' | 'too_many_decimals' | 'out_of_range';

/** Thrown by mustParseUnits; carries the same reason parseUnits would return. */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  constructor(
    readonly reason: MoneyRejection,
    text: string,
  ) {
    super(`invalid amount ${JSON.stringify(text)}: ${reason}`);
  }
}

// Strict on purpose: no trimming, '+', exponents, or bare '.5' / '5.' — the server should not guess.
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
// More significant integer digits than UNITS_MAX has means out of range; checked before BigInt()
// so a huge input stays cheap.
const MAX_INT_DIGITS = (UNITS_MAX / UNITS_PER_COIN).toString().length;

/** Parses a canonical decimal string ("-12.5", "0.00000001") into units. */
export function parseUnits(
  text: string,
): { ok: true; units: bigint } | { ok: false; reason: MoneyRejection } {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, sign, int = '', frac = ''] = match;
  if (frac.length > DECIMALS) return { ok: false, reason: 'too_many_decimals' };
  if (int.replace(/^0+/, '').length > MAX_INT_DIGITS) return { ok: false, reason: 'out_of_range' };
  const magnitude = BigInt(int + frac.padEnd(DECIMALS, '0'));
  const units = sign === '-' ? -magnitude : magnitude;
  if (units < UNITS_MIN || units > UNITS_MAX) return { ok: false, reason: 'out_of_range' };
  return { ok: true, units };
}

/** parseUnits for trusted constants and seeds; throws MoneyError. */
export function mustParseUnits(text: string): bigint {
  const parsed = parseUnits(text);
  if (!parsed.ok) throw new MoneyError(parsed.reason, text);
  return parsed.units;
}

/** The shortest decimal string of `units` ("0.01", "5", "-1.5"): a tick or step as its own decimals. */
export function formatUnitsShort(units: bigint): string {
  return formatUnits(units).replace(/\.?0+$/, '');
}

/** Formats with exactly `decimals` (0..8) fraction digits, rounding half-even; zero never carries a sign. */
export function formatUnits(units: bigint, decimals = DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > DECIMALS) {
    throw new RangeError(`decimals must be an integer 0..${DECIMALS}, got ${decimals}`);
  }
  if (decimals === DECIMALS) {
    // every digit kept, nothing to round: the common case, on hot paths (rows of settled orders)
    const digits = (units < 0n ? -units : units).toString().padStart(DECIMALS + 1, '0');
    return `${units < 0n ? '-' : ''}${digits.slice(0, -DECIMALS)}.${digits.slice(-DECIMALS)}`;
  }
  const rounded = divRound(units, 10n ** BigInt(DECIMALS - decimals), 'half_even');
  const magnitude = rounded < 0n ? -rounded : rounded;
  const scale = 10n ** BigInt(decimals);
  const int = (magnitude / scale).toString();
  const frac = decimals === 0 ? '' : '.' + (magnitude % scale).toString().padStart(decimals, '0');
  return (rounded < 0n ? '-' : '') + int + frac;
}

/** down: toward zero; up: away from zero; floor: toward -inf; ceil: toward +inf; half_up: ties away from zero. */
export type Rounding = 'down' | 'up' | 'floor' | 'ceil' | 'half_even' | 'half_up';

/** Exact numerator / denominator rounded by `mode`, for any signs. */
export function divRound(numerator: bigint, denominator: bigint, mode: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  // Normalise so only the numerator carries the sign; bigint '/' truncates toward zero.
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const away = n < 0n ? q - 1n : q + 1n;
  const twiceRemainder = 2n * (r < 0n ? -r : r);
  switch (mode) {
    case 'down':
      return q;
    case 'up':
      return away;
    case 'floor':
      return n < 0n ? away : q;
    case 'ceil':
      return n > 0n ? away : q;
    case 'half_up':
      return twiceRemainder >= d ? away : q;
    case 'half_even':
      if (twiceRemainder === d) return q % 2n === 0n ? q : away;
      return twiceRemainder > d ? away : q;
  }
}

/** Returns units unchanged, or throws RangeError if it does not fit a signed 64-bit column. */
export function assertUnitsInRange(units: bigint): bigint {
  if (units < UNITS_MIN || units > UNITS_MAX) throw new RangeError(`units out of range: ${units}`);
  return units;
}

/** (a × b) / 1e8, e.g. price × amount → value. */
export function mulUnits(a: bigint, b: bigint, mode: Rounding): bigint {
  return assertUnitsInRange(divRound(a * b, UNITS_PER_COIN, mode));
}

/** (a × 1e8) / b, e.g. value / price → amount. */
export function divUnits(a: bigint, b: bigint, mode: Rounding): bigint {
  return assertUnitsInRange(divRound(a * UNITS_PER_COIN, b, mode));
}

/** amount × percent / 100 where percent is in units (0.5% = 50_000_000n); used for fees. */
export function percentOf(amountUnits: bigint, percentUnits: bigint, mode: Rounding): bigint {
  return assertUnitsInRange(divRound(amountUnits * percentUnits, 100n * UNITS_PER_COIN, mode));
}

export function scaleByInteger(units: bigint, n: bigint): bigint {
  return assertUnitsInRange(units * n);
}
