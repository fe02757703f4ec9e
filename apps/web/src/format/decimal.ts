const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A wire decimal string shown with exactly `places` fraction digits, padded or cut (not rounded),
 * so a price never passes through a float. Anything that is not a plain decimal is returned as is.
 */
export function fixedDecimal(text: string, places: number): string {
  const match = DECIMAL.exec(text.trim());
  if (!match) return text;
  const [, sign = '', int = '', fraction = ''] = match;
  const digits = fraction.padEnd(places, '0').slice(0, places);
  const shown = places > 0 ? `${int}.${digits}` : int;
  // A cut can leave "-0.00"; zero has no sign.
  return /[1-9]/.test(shown) ? sign + shown : shown;
}

export type Trend = 'up' | 'down' | 'flat';

/** The direction of a signed decimal string such as a change percent. */
export function trendOf(text: string): Trend {
  const match = DECIMAL.exec(text.trim());
  if (!match || !/[1-9]/.test(text)) return 'flat';
  return match[1] === '-' ? 'down' : 'up';
}

/** A change percent as shown ("+1.23%", "-0.50%", "0.00%"), with the direction of what is shown. */
export function formatChange(text: string): { text: string; trend: Trend } {
  const shown = fixedDecimal(text, 2);
  const trend = trendOf(shown);
  return { text: `${trend === 'up' ? '+' : ''}${shown}%`, trend };
}
