import { mustParseUnits } from '@tidemark/core';

/** [price, amount], decimal strings, best first. */
export type Level = readonly [string, string];

export interface BookRow {
  price: string;
  amount: string;
  /** width of the depth bar in percent: the cumulative amount to this level against the deeper side */
  depth: number;
}

/**
 * The shown levels of both sides with depth bars. Bars are cumulative and share one scale, so
 * the longer bar is the side with more volume near the price. Summed in exact units, not floats.
 */
export function bookRows(bids: readonly Level[], asks: readonly Level[], levels: number) {
  const cumulative = (side: readonly Level[]) => {
    let total = 0n;
    return side.slice(0, levels).map(([price, amount]) => {
      total += mustParseUnits(amount);
      return { price, amount, total };
    });
  };
  const sides = { bids: cumulative(bids), asks: cumulative(asks) };
  const deepest = [sides.bids.at(-1)?.total ?? 0n, sides.asks.at(-1)?.total ?? 0n].reduce((a, b) => (a > b ? a : b));
  const toRows = (side: typeof sides.bids): BookRow[] =>
    side.map(({ price, amount, total }) => ({ price, amount, depth: deepest > 0n ? Number((total * 100n) / deepest) : 0 }));
  return { bids: toRows(sides.bids), asks: toRows(sides.asks) };
}
