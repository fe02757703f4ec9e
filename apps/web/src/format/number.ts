import { divRound, formatUnits, formatUnitsShort, parseUnits, type Rounding } from '@tidemark/core';

/**
 * The one place numbers become text. Wire decimals are parsed to bigint units of 1e-8 and
 * rounded there, and only the integer part meets Intl (as a bigint, which it formats exactly):
 * money never passes through a float. Every function takes the locale's BCP 47 tag; the bound
 * versions for the app's language are in `./index`.
 */

/** The spec's 4 decimals: the tick and step of a pair that has none. */
export const DEFAULT_STEP = '0.0001';
/** USDT valuations (totals, wallet values) show cents. */
export const VALUATION_DECIMALS = 2;

/** A wire decimal in units; a leading '+' (a signed change) is allowed. */
const parseWire = (text: string) => parseUnits(text.trim().replace(/^\+/, ''));

/** A tick or step in units; a missing or malformed one is the default. */
function stepUnitsOf(step: string): bigint {
  const parsed = parseUnits(step);
  return parsed.ok && parsed.units > 0n ? parsed.units : stepUnitsOf(DEFAULT_STEP);
}

/** How many decimals `units` needs to show all its digits (1.5 -> 1, 0.00012345 -> 8, 5 -> 0). */
function placesOf(units: bigint): number {
  return formatUnitsShort(units < 0n ? -units : units).split('.')[1]?.length ?? 0;
}

/** How many decimals a tick or step has ("0.01" -> 2, "5" -> 0, "0.5" -> 1). */
export const decimalsOf = (step: string): number => placesOf(stepUnitsOf(step));

interface Separators {
  integer: Intl.NumberFormat;
  decimal: string;
}
const separators = new Map<string, Separators>();

function separatorsOf(locale: string): Separators {
  let found = separators.get(locale);
  if (!found) {
    const integer = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    found = { integer, decimal };
    separators.set(locale, found);
  }
  return found;
}

/** A plain decimal string ("-1234.50") grouped and punctuated as the locale writes numbers. */
export function localize(plain: string, locale: string): string {
  const negative = plain.startsWith('-');
  const [int = '0', fraction] = (negative ? plain.slice(1) : plain).split('.');
  const { integer, decimal } = separatorsOf(locale);
  const grouped = integer.format(BigInt(int));
  return (negative ? '-' : '') + grouped + (fraction === undefined ? '' : decimal + fraction);
}

export interface DecimalFormat {
  /** the step shown values are multiples of ("0.01", "0.5"); its decimals are the places shown */
  step: string;
  /** how a value between two steps is shown; 'down' cuts (amounts: never show more than there is) */
  rounding?: Rounding;
  /** a '+' before positive values (changes, incoming ledger lines) */
  signed?: boolean;
}

/**
 * A wire decimal shown to a step in a locale. A non-zero value that the step would show as zero
 * is shown with the digits it needs instead ("0.00012345", never "0.00"). Text that is not a
 * decimal of at most 8 places is returned as it came.
 */
export function formatDecimal(text: string, locale: string, { step, rounding = 'half_even', signed = false }: DecimalFormat): string {
  const parsed = parseWire(text);
  if (!parsed.ok) return text;
  const value = parsed.units;
  const stepUnits = stepUnitsOf(step);
  const places = placesOf(stepUnits);
  const rounded = divRound(value, stepUnits, rounding) * stepUnits;
  const plain = rounded === 0n && value !== 0n ? formatUnits(value, Math.max(places, placesOf(value))) : formatUnits(rounded, places);
  return withSign(localize(plain, locale), value, signed);
}

/** A wire decimal rounded to a step, as a plain decimal for an input ("67047.10"); unparsable text as it came. */
export function toStep(text: string, step: string, rounding: Rounding = 'half_even'): string {
  const parsed = parseWire(text);
  if (!parsed.ok) return text;
  const stepUnits = stepUnitsOf(step);
  return formatUnits(divRound(parsed.units, stepUnits, rounding) * stepUnits, placesOf(stepUnits));
}

/**
 * A wire decimal with at least `minDecimals` places and every digit it has (up to 8): for
 * ledger lines, where the spec's 2 decimals would hide small amounts.
 */
export function formatExact(text: string, minDecimals: number, locale: string, { signed = false } = {}): string {
  const parsed = parseWire(text);
  if (!parsed.ok) return text;
  const value = parsed.units;
  return withSign(localize(formatUnits(value, Math.max(minDecimals, placesOf(value))), locale), value, signed);
}

const withSign = (shown: string, value: bigint, signed: boolean) => (signed && value > 0n ? `+${shown}` : shown);

/** A price to the pair's tick, rounded to the nearest tick. */
export const formatPrice = (text: string, tick: string, locale: string): string => formatDecimal(text, locale, { step: tick });

/** An amount to the pair's step, cut: a balance or size is never shown larger than it is. */
export const formatAmount = (text: string, step: string, locale: string): string =>
  formatDecimal(text, locale, { step, rounding: 'down' });

/** A valuation in USDT to cents. */
export const formatValuation = (text: string, locale: string): string =>
  formatDecimal(text, locale, { step: stepOfDecimals(VALUATION_DECIMALS), rounding: 'down' });

/** The step of `decimals` places ("0.01" for 2, "1" for 0). */
export function stepOfDecimals(decimals: number): string {
  return decimals <= 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

export type Trend = 'up' | 'down' | 'flat';

/** The direction of a signed decimal string such as a change percent. */
export function trendOf(text: string): Trend {
  const parsed = parseWire(text);
  if (!parsed.ok || parsed.units === 0n) return 'flat';
  return parsed.units < 0n ? 'down' : 'up';
}

/**
 * A change percent as shown ("+1.23%", "-0.50%", "0.00%"), cut to 2 places, with the direction
 * of what is shown: a change too small to show is shown, and coloured, as none.
 */
export function formatChange(text: string, locale: string): { text: string; trend: Trend } {
  const parsed = parseWire(text);
  if (!parsed.ok) return { text: `${text}%`, trend: 'flat' };
  const cent = 10n ** 6n;
  const shownUnits = divRound(parsed.units, cent, 'down') * cent;
  const trend = trendOf(formatUnits(shownUnits));
  return { text: `${withSign(localize(formatUnits(shownUnits, 2), locale), shownUnits, true)}%`, trend };
}
