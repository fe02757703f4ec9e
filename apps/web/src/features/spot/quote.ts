import { formatUnits, mustParseUnits as units, parseUnits, UNITS_PER_COIN } from '@tidemark/core';
import type { SpotRules } from './api';

const HUNDRED_PERCENT_UNITS = 100n * UNITS_PER_COIN;

/** Units of a typed decimal, or undefined when it is not a positive amount with at most 8 decimals. */
export function typedUnits(text: string): bigint | undefined {
  const parsed = parseUnits(text.trim());
  return parsed.ok && parsed.units > 0n ? parsed.units : undefined;
}

/** the higher of the pair's two fee rates, in percent units: what an order may pay before it knows its role */
const maxRateUnits = (rules: SpotRules) => {
  const [maker, taker] = [units(rules.maker_fee), units(rules.taker_fee)];
  return maker > taker ? maker : taker;
};

/** price x amount, exact (the pair's steps make it a whole quote unit) */
export function totalOf(price: string, amount: string): string {
  const p = typedUnits(price);
  const a = typedUnits(amount);
  return p === undefined || a === undefined ? '' : formatUnits((p * a) / UNITS_PER_COIN);
}

/** The most an order of `value` can pay in fees: the higher rate, rounded up as the server does. */
export function feeFor(value: string, rules: SpotRules): string {
  const v = typedUnits(value);
  return v === undefined ? '' : formatUnits((v * maxRateUnits(rules) + HUNDRED_PERCENT_UNITS - 1n) / HUNDRED_PERCENT_UNITS);
}

/**
 * What `percent` of the available balance buys or sells: a buy's amount at `price` with room for
 * the higher fee rate, a sell's base amount, cut to the pair's amount step; a market buy's
 * quote amount to spend. Empty when nothing fits.
 */
export function amountForShare(
  share: { percent: number; available: string; side: 'buy' | 'sell'; price: string; byTotal: boolean },
  rules: SpotRules,
): string {
  const availableUnits = (units(share.available) * BigInt(Math.round(share.percent))) / 100n;
  if (share.byTotal) return availableUnits > 0n ? formatUnits(availableUnits) : '';
  const lot = units(rules.amount_step);
  let amountUnits = availableUnits;
  if (share.side === 'buy') {
    const price = typedUnits(share.price);
    if (price === undefined) return '';
    amountUnits = (availableUnits * UNITS_PER_COIN * HUNDRED_PERCENT_UNITS) / (price * (HUNDRED_PERCENT_UNITS + maxRateUnits(rules)));
  }
  const cut = lot > 0n ? (amountUnits / lot) * lot : amountUnits;
  return cut > 0n ? formatUnits(cut) : '';
}

/** A decimal shown with the places of a step ("0.0100" -> 2): prices at the price step, amounts at the amount step. */
export function placesOf(step: string): number {
  const trimmed = step.replace(/0+$/, '');
  const dot = trimmed.indexOf('.');
  return dot < 0 ? 0 : trimmed.length - dot - 1;
}
