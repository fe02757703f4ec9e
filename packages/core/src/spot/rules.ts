// Order checks and the arithmetic of fees, freezes and the band: shared by the engine and by the
// server, which refuses and freezes before the engine sees an order.
import { UNITS_MAX, UNITS_PER_COIN, percentOf } from '../money';
import type { SpotOrderSpec, SpotPairRules, SpotRejection } from './types';

const HUNDRED_PERCENT_UNITS = 100n * UNITS_PER_COIN;
/** the largest order value: value plus fee must still fit a signed 64-bit column */
const VALUE_MAX_UNITS = UNITS_MAX / 2n;

/** ceil(n / d) for n >= 0, d > 0 */
export const ceilDiv = (n: bigint, d: bigint): bigint => (n + d - 1n) / d;

/**
 * An order's total fee after it traded `makerQuoteUnits` as maker and `takerQuoteUnits` as taker:
 * one rounding up over its whole life, so partial fills never add up more than the fee of the
 * whole, and a fill's fee is the growth of this figure (never negative, never more than its value).
 */
export function feeUnitsFor(
  makerQuoteUnits: bigint,
  takerQuoteUnits: bigint,
  makerFeePercentUnits: bigint,
  takerFeePercentUnits: bigint,
): bigint {
  return ceilDiv(makerQuoteUnits * makerFeePercentUnits + takerQuoteUnits * takerFeePercentUnits, HUNDRED_PERCENT_UNITS);
}

/** Throws RangeError on rules the engine cannot honour exactly: a configuration error, not a refusal. */
export function assertPairRules(rules: SpotPairRules): void {
  const fail = (why: string) => {
    throw new RangeError(`spot pair rules: ${why}`);
  };
  if (rules.tickUnits <= 0n || rules.lotUnits <= 0n) fail('tick and lot must be positive');
  if ((rules.tickUnits * rules.lotUnits) % UNITS_PER_COIN !== 0n) fail('tick x lot must be a whole quote unit');
  if (rules.minValueUnits < 0n) fail('minimum value must not be negative');
  for (const rate of [rules.makerFeePercentUnits, rules.takerFeePercentUnits]) {
    if (rate < 0n || rate >= HUNDRED_PERCENT_UNITS) fail('fee rates must be in [0, 100%)');
  }
  if (rules.bandPercentUnits <= 0n || rules.bandPercentUnits >= HUNDRED_PERCENT_UNITS) fail('band must be in (0, 100%)');
}

/** The band's inner prices on the tick: [index - band rounded up, index + band rounded down], low at least one tick. */
export function bandOf(rules: SpotPairRules, indexPriceUnits: bigint): { lowUnits: bigint; highUnits: bigint } {
  const widthUnits = percentOf(indexPriceUnits, rules.bandPercentUnits, 'down');
  const { tickUnits } = rules;
  const highUnits = ((indexPriceUnits + widthUnits) / tickUnits) * tickUnits;
  const lowUnits = ceilDiv(indexPriceUnits - widthUnits, tickUnits) * tickUnits;
  return { lowUnits: lowUnits < tickUnits ? tickUnits : lowUnits, highUnits };
}

/** The larger of the pair's two rates: what a limit buy must hold back for fees before it knows its role. */
const maxFeeRate = (rules: SpotPairRules) =>
  rules.makerFeePercentUnits > rules.takerFeePercentUnits ? rules.makerFeePercentUnits : rules.takerFeePercentUnits;

/**
 * The spot submit check, pure: the server judges an order by it before the engine sees it, and
 * the engine's place makes the same check (`checkOrderInBand`). Validates an order against the
 * pair's rules and the current index price, and says what it must freeze: a sell its base amount;
 * a limit buy price x amount plus the fee at the higher rate; a market buy by quote its quote
 * amount (fees come out of it); a market buy by base the band's top price x amount plus the taker
 * fee. The last depends on the index, which may move before the engine sees the order: the engine
 * then treats the frozen funds as a budget (see the engine).
 */
export function checkSpotSubmit(
  rules: SpotPairRules,
  spec: SpotOrderSpec,
  indexPriceUnits: bigint | null,
): { frozenUnits: bigint } | { rejection: SpotRejection } {
  return checkOrderInBand(rules, spec, indexPriceUnits === null ? null : bandOf(rules, indexPriceUnits), indexPriceUnits);
}

/** checkSpotSubmit with the band already drawn (the engine keeps it while the index stands). */
export function checkOrderInBand(
  rules: SpotPairRules,
  spec: SpotOrderSpec,
  band: { lowUnits: bigint; highUnits: bigint } | null,
  indexPriceUnits: bigint | null,
): { frozenUnits: bigint } | { rejection: SpotRejection } {
  if (spec.kind === 'market_quote') {
    if (spec.quoteUnits <= 0n) return { rejection: 'spot_amount_not_positive' };
    if (spec.quoteUnits > UNITS_MAX) return { rejection: 'spot_value_too_large' };
    if (band === null) return { rejection: 'spot_no_index_price' };
    if (spec.quoteUnits < rules.minValueUnits) return { rejection: 'spot_below_min_value' };
    return { frozenUnits: spec.quoteUnits };
  }
  const { amountUnits } = spec;
  if (amountUnits <= 0n) return { rejection: 'spot_amount_not_positive' };
  const limit = spec.kind === 'limit';
  if (limit) {
    if (spec.priceUnits <= 0n) return { rejection: 'spot_price_not_positive' };
    if (spec.priceUnits % rules.tickUnits !== 0n) return { rejection: 'spot_price_off_tick' };
  }
  if (amountUnits % rules.lotUnits !== 0n) return { rejection: 'spot_amount_off_lot' };
  if (band === null || indexPriceUnits === null) return { rejection: 'spot_no_index_price' };
  // The worst a buy can pay per coin: its limit, or the top of the band.
  const worstValueUnits = ((limit ? spec.priceUnits : band.highUnits) * amountUnits) / UNITS_PER_COIN;
  if (amountUnits > UNITS_MAX || worstValueUnits > VALUE_MAX_UNITS) return { rejection: 'spot_value_too_large' };
  if (limit && (spec.priceUnits < band.lowUnits || spec.priceUnits > band.highUnits)) {
    return { rejection: 'spot_outside_band' };
  }
  // A limit order's value is judged at its own price, a market order's at the index.
  const valueUnits = limit ? worstValueUnits : (indexPriceUnits * amountUnits) / UNITS_PER_COIN;
  if (valueUnits < rules.minValueUnits) return { rejection: 'spot_below_min_value' };
  if (spec.side === 'sell') return { frozenUnits: amountUnits };
  const feeRate = limit ? maxFeeRate(rules) : rules.takerFeePercentUnits;
  return { frozenUnits: worstValueUnits + ceilDiv(worstValueUnits * feeRate, HUNDRED_PERCENT_UNITS) };
}
