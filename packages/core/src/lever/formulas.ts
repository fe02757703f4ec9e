// The money of a leveraged contract. Leverage only divides the margin: PnL is the price move times
// the quantity, so a trader can never lose more than the margin they locked.
import { feeOf } from '../fee';
import { UNITS_MAX, UNITS_PER_COIN, divRound, percentOf } from '../money';
import type { LeverDirection, LeverRejection } from './types';

/** +1 for a long, -1 for a short. */
export const directionSign = (direction: LeverDirection): bigint => (direction === 1 ? 1n : -1n);

/** The price a position opens at: the spread (rounded up, like a fee) added for a long, taken off for a short. */
export function applySpread(priceUnits: bigint, direction: LeverDirection, spreadPercentUnits: bigint): bigint {
  const spreadUnits = percentOf(priceUnits, spreadPercentUnits, 'up');
  return direction === 1 ? priceUnits + spreadUnits : priceUnits - spreadUnits;
}

export interface LeverQuote {
  /** hands x contract size */
  quantityUnits: bigint;
  /** price x quantity, half-even */
  valueUnits: bigint;
  /** value / multiple, rounded up so the margin always covers value / multiple */
  marginUnits: bigint;
  /** value x fee percent, rounded up (fee.ts) */
  feeUnits: bigint;
}

/**
 * value = price x hands x contract size; margin = value / multiple; fee = value x fee percent.
 * Refuses figures that would not fit a signed 64-bit column, or a value that rounds to nothing.
 */
export function quoteLever(input: {
  openPriceUnits: bigint;
  hands: number;
  contractSizeUnits: bigint;
  multiple: number;
  feePercentUnits: bigint;
}): { ok: true; quote: LeverQuote } | { ok: false; reason: LeverRejection } {
  const quantityUnits = BigInt(input.hands) * input.contractSizeUnits;
  const valueUnits = divRound(input.openPriceUnits * quantityUnits, UNITS_PER_COIN, 'half_even');
  // margin + fee leave the same wallet together, so their sum must fit as well
  const feeBoundUnits = divRound(valueUnits * input.feePercentUnits, 100n * UNITS_PER_COIN, 'up');
  if (quantityUnits > UNITS_MAX || valueUnits + feeBoundUnits > UNITS_MAX) {
    return { ok: false, reason: 'lever_value_out_of_range' };
  }
  if (valueUnits <= 0n) return { ok: false, reason: 'lever_price_invalid' };
  const marginUnits = divRound(valueUnits, BigInt(input.multiple), 'up');
  return {
    ok: true,
    quote: { quantityUnits, valueUnits, marginUnits, feeUnits: feeOf(valueUnits, input.feePercentUnits) },
  };
}

/** (exit - open) x quantity, signed by direction, half-even. Leverage does not multiply it. */
export function pnlOf(
  direction: LeverDirection,
  openPriceUnits: bigint,
  exitPriceUnits: bigint,
  quantityUnits: bigint,
): bigint {
  return directionSign(direction) * divRound((exitPriceUnits - openPriceUnits) * quantityUnits, UNITS_PER_COIN, 'half_even');
}

/** The equity floor: maintenance percent of the margin, rounded up (liquidation comes no later than the ratio says). */
export function maintenanceMarginOf(marginUnits: bigint, maintenancePercentUnits: bigint): bigint {
  return percentOf(marginUnits, maintenancePercentUnits, 'up');
}

export interface PositionFigures {
  direction: LeverDirection;
  openPriceUnits: bigint;
  quantityUnits: bigint;
  marginUnits: bigint;
  maintenanceMarginUnits: bigint;
}

/** True when equity (margin + PnL) at this price is at or below the maintenance margin. */
export function liquidatesAt(position: PositionFigures, priceUnits: bigint): boolean {
  const pnlUnits = pnlOf(position.direction, position.openPriceUnits, priceUnits, position.quantityUnits);
  return position.marginUnits + pnlUnits <= position.maintenanceMarginUnits;
}

/**
 * The trigger price of liquidation, exact against liquidatesAt (a binary search over the same
 * rounding, so index and settlement never disagree by a unit): a long liquidates at any price at or
 * below it (0 when no positive price would), a short at any price at or above it.
 */
export function liquidationPriceOf(position: PositionFigures): bigint {
  const open = position.openPriceUnits;
  const liquidates = (price: bigint) => liquidatesAt(position, price);
  if (liquidates(open)) throw new RangeError('a position must not liquidate at its own open price');
  if (position.direction === 1) {
    if (!liquidates(0n)) return 0n;
    let lo = 0n;
    let hi = open;
    while (hi - lo > 1n) {
      const mid = (lo + hi) / 2n;
      if (liquidates(mid)) lo = mid;
      else hi = mid;
    }
    return lo;
  }
  let step = 1n;
  while (!liquidates(open + step)) step *= 2n;
  let lo = open + step / 2n; // does not liquidate (or is open itself)
  let hi = open + step;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (liquidates(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

export interface Settlement {
  pnlUnits: bigint;
  /** margin + PnL, never below 0 */
  payoutUnits: bigint;
  /** the part of a loss beyond the margin: the house bears it */
  shortfallUnits: bigint;
}

/** What a close at `exitPriceUnits` pays: margin + PnL, floored at 0 so a loss never exceeds the margin. */
export function settleLever(
  position: Pick<PositionFigures, 'direction' | 'openPriceUnits' | 'quantityUnits' | 'marginUnits'>,
  exitPriceUnits: bigint,
): Settlement {
  const pnlUnits = pnlOf(position.direction, position.openPriceUnits, exitPriceUnits, position.quantityUnits);
  const equityUnits = position.marginUnits + pnlUnits;
  return {
    pnlUnits,
    payoutUnits: equityUnits > 0n ? equityUnits : 0n,
    shortfallUnits: equityUnits < 0n ? -equityUnits : 0n,
  };
}

/**
 * Where a long's take-profit and stop-loss may lie (a short's the reverse), so that neither fires
 * on the next tick: the take-profit above both the current price and the open price; the
 * stop-loss under the current price, and for an order not yet a position (a submit) under its
 * open price too (a position's stop may follow the price up past its open, locking a profit).
 * Each within `rangeUnits` of the current price on its own side (the spec's stepper: a long's
 * take-profit from current to current + range). 0 means none.
 */
export function checkLeverStops(input: {
  direction: LeverDirection;
  openPriceUnits: bigint;
  currentPriceUnits: bigint;
  rangeUnits: bigint;
  takeProfitUnits: bigint;
  stopLossUnits: bigint;
  /** the order is an open position (its stops changed), not a submit */
  position: boolean;
}): LeverRejection | null {
  const { direction, openPriceUnits: open, currentPriceUnits: current, rangeUnits: range } = input;
  const tp = input.takeProfitUnits;
  const sl = input.stopLossUnits;
  const long = direction === 1;
  const highest = open > current ? open : current;
  const lowest = open < current ? open : current;
  if (tp < 0n) return 'lever_take_profit_invalid';
  if (tp > 0n) {
    if (long ? tp <= highest : tp >= lowest) return 'lever_take_profit_side';
    if (long ? tp > current + range : tp < current - range) return 'lever_take_profit_out_of_range';
  }
  if (sl < 0n) return 'lever_stop_loss_invalid';
  if (sl > 0n) {
    const bound = input.position ? current : long ? lowest : highest;
    if (long ? sl >= bound : sl <= bound) return 'lever_stop_loss_side';
    if (long ? sl < current - range : sl > current + range) return 'lever_stop_loss_out_of_range';
  }
  return null;
}

/** Equity over margin in percent units: the `hazard_rate` a trader sees (100% at open, maintenance ratio at liquidation). */
export function marginRatioPercentUnits(marginUnits: bigint, pnlUnits: bigint): bigint {
  if (marginUnits <= 0n) return 0n;
  return divRound((marginUnits + pnlUnits) * 100n * UNITS_PER_COIN, marginUnits, 'half_even');
}
