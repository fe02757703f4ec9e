import { feeOf, formatUnits, mustParseUnits, mulUnits, parseUnits } from '@tidemark/core';
import type { ErrorCode } from '@tidemark/protocol';

/** The spec's display precisions: assets 8 decimals, transfer-log amounts and limit hints 2. */
export const ASSET_DECIMALS = 8;
export const LOG_DECIMALS = 2;
export const HINT_DECIMALS = 2;

/** Units of a decimal string from the server, which always sends canonical ones. */
export const toUnits = mustParseUnits;

/** The sum of several wire amounts, e.g. the four wallets' USDT totals. */
/** A wallet's `usdt_totle` (a JSON number, for display) as a decimal string. */
export const usdtTotalText = (total: number): string => total.toFixed(ASSET_DECIMALS);

export function sumAmounts(texts: string[]): string {
  return formatUnits(texts.reduce((sum, text) => sum + toUnits(text), 0n));
}

/** What an amount is worth in USDT at `usdtPrice`, cut (not rounded up) to 1e-8. */
export function usdtValue(amounts: string[], usdtPrice: string): string {
  return formatUnits(mulUnits(toUnits(sumAmounts(amounts)), toUnits(usdtPrice), 'down'));
}

/** An amount the user typed, as units, or the rejection code the server would give for it. */
export function parseTyped(text: string): { ok: true; units: bigint } | { ok: false; code: ErrorCode } {
  const parsed = parseUnits(text.trim());
  if (!parsed.ok) return { ok: false, code: `amount_${parsed.reason}` };
  if (parsed.units <= 0n) return { ok: false, code: 'amount_not_positive' };
  return parsed;
}

/** The live withdrawal quote: fee = amount × rate / 100 and received = amount − fee; none for an invalid amount. */
export function withdrawQuote(typed: string, ratePercent: string): { fee: string; received: string } | undefined {
  const amount = parseTyped(typed);
  if (!amount.ok) return undefined;
  const fee = feeOf(amount.units, toUnits(ratePercent));
  return { fee: formatUnits(fee), received: formatUnits(amount.units - fee) };
}

/** Whether a typed amount is a valid positive amount below `min` (a wire decimal). */
export function isBelow(typed: string, min: string): boolean {
  const amount = parseTyped(typed);
  return amount.ok && amount.units < toUnits(min);
}

/** A wire amount as a user would type it: "100.50000000" becomes "100.5". */
export function plainAmount(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
