import { UNITS_PER_COIN, divRound } from '../money';

/** A level of an order book: [price, amount] in units. */
export type Level = readonly [priceUnits: bigint, amountUnits: bigint];

/** Bids (best, highest, first) and asks (best, lowest, first). */
export interface Depth {
  bids: Level[];
  asks: Level[];
}

export type Direction = 'buy' | 'sell';

/** A trade on the market tape; `direction` is the taker's side. */
export interface Trade {
  timeMs: number;
  priceUnits: bigint;
  amountUnits: bigint;
  direction: Direction;
}

/** `units` rounded to the nearest multiple of `step` (half-even), never below one step. */
export function roundToStep(units: bigint, step: bigint): bigint {
  const rounded = divRound(units, step, 'half_even') * step;
  return rounded < step ? step : rounded;
}

/** price × ppm / 1e6, rounded half-even (moves and spreads are parts per million of a price). */
export function ppmOf(priceUnits: bigint, ppm: bigint): bigint {
  return divRound(priceUnits * ppm, 1_000_000n, 'half_even');
}

/** An amount of the base currency worth `notionalUnits` of the quote currency, at most 6 decimals. */
export function amountForNotional(notionalUnits: bigint, priceUnits: bigint): bigint {
  const amount = divRound(notionalUnits * UNITS_PER_COIN, priceUnits, 'down');
  return roundToStep(amount - (amount % 100n), 100n);
}
