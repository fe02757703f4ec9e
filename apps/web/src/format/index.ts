import { language } from '../i18n';
import { LANGUAGE_INFO } from '../i18n/language';
import * as number from './number';

export { DEFAULT_STEP, VALUATION_DECIMALS, decimalsOf, stepOfDecimals, toStep } from './number';

/** The app's language's number locale (chosen once per page load, like the language). */
export const LOCALE = LANGUAGE_INFO[language].tag;

/** A price to the pair's tick, grouped as the language writes numbers. */
export const formatPrice = (text: string, tick: string): string => number.formatPrice(text, tick, LOCALE);
/** An amount cut to the pair's step. */
export const formatAmount = (text: string, step: string): string => number.formatAmount(text, step, LOCALE);
/** A USDT valuation to cents. */
export const formatValuation = (text: string): string => number.formatValuation(text, LOCALE);
/** A decimal to `step` (rounding and sign as asked). */
export const formatDecimal = (text: string, format: number.DecimalFormat): string => number.formatDecimal(text, LOCALE, format);
/** At least `minDecimals` places and every digit the value has. */
export const formatExact = (text: string, minDecimals: number, options?: { signed?: boolean }): string =>
  number.formatExact(text, minDecimals, LOCALE, options);
/** A change percent, signed, with its direction. */
export const formatChange = (text: string): { text: string; trend: number.Trend } => number.formatChange(text, LOCALE);
export type { Trend } from './number';
export { trendOf } from './number';
/** A decimal cut to `decimals` places (balances: 8), grouped. */
export const formatFixed = (text: string, decimals: number): string =>
  number.formatDecimal(text, LOCALE, { step: number.stepOfDecimals(decimals), rounding: 'down' });
