import { formatFixed, trendOf } from '../../format';

/** The spec's 4 decimals for prices; amounts in the quote currency get the same. */
export const PRICE_DECIMALS = 4;
export const AMOUNT_DECIMALS = 4;
/** The take-profit and stop-loss steppers move by the spec's 100. */
export const STOP_STEP = '100';

/** The trend colour class of a signed amount (tm-up, tm-down, tm-flat). */
export const signedClass = (value: string) => `tm-${trendOf(value)}`;

/** A profit or loss as shown: "+12.3400", "-5.0000", "0.0000". */
export function signedAmount(value: string, places = AMOUNT_DECIMALS): string {
  const shown = formatFixed(value, places);
  return trendOf(shown) === 'up' ? `+${shown}` : shown;
}

/** A price, or "--" for none (a stop of 0 is none). */
export const priceOrNone = (value: string | null | undefined) =>
  value && /[1-9]/.test(value) ? formatFixed(value, PRICE_DECIMALS) : '--';
