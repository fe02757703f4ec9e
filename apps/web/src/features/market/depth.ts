import { divRound, formatUnits, formatUnitsShort, mustParseUnits, parseUnits, UNITS_PER_COIN } from '@tidemark/core';

/** [price, amount], decimal strings, best first. */
export type Level = readonly [string, string];
export type Side = 'bids' | 'asks';

export interface BookRow {
  price: string;
  amount: string;
  /** the amount from the best level down to this one */
  total: string;
  /** width of the depth bar in percent: the cumulative amount to this level against the deeper side */
  depth: number;
}

/** The book's price groupings: the pair's tick and 10, 100 and 1000 of them, as decimal steps. */
export function groupSteps(tick: string): string[] {
  const parsed = parseUnits(tick);
  const tickUnits = parsed.ok && parsed.units > 0n ? parsed.units : 10_000n;
  return [1n, 10n, 100n, 1000n].map((times) => formatUnitsShort(tickUnits * times));
}

/**
 * Levels merged into buckets of `step`: bids down to the bucket below, asks up to the bucket
 * above, so a grouped level never looks better than the orders in it. Amounts summed in units.
 */
export function groupLevels(levels: readonly Level[], step: string, side: Side): Level[] {
  const stepUnits = mustParseUnits(step);
  const buckets = new Map<bigint, bigint>();
  for (const [price, amount] of levels) {
    const bucket = divRound(mustParseUnits(price), stepUnits, side === 'bids' ? 'floor' : 'ceil') * stepUnits;
    buckets.set(bucket, (buckets.get(bucket) ?? 0n) + mustParseUnits(amount));
  }
  // a Map keeps insertion order, and the levels come best first
  return [...buckets].map(([price, amount]) => [formatUnits(price), formatUnits(amount)] as const);
}

/**
 * The shown levels of both sides with cumulative sums and depth bars. Bars share one scale, so
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
    side.map(({ price, amount, total }) => ({
      price,
      amount,
      total: formatUnits(total),
      depth: deepest > 0n ? Number((total * 100n) / deepest) : 0,
    }));
  return { bids: toRows(sides.bids), asks: toRows(sides.asks) };
}

/** What taking the book from its best level to row `index` would fill: the amount and its average price. */
export function sweep(rows: readonly BookRow[], index: number): { amount: string; average: string } | undefined {
  const taken = rows.slice(0, index + 1);
  let amount = 0n;
  let value = 0n;
  for (const row of taken) {
    const units = mustParseUnits(row.amount);
    amount += units;
    value += mustParseUnits(row.price) * units;
  }
  if (amount === 0n) return undefined;
  return { amount: formatUnits(amount), average: formatUnits(divRound(value, amount, 'half_even')) };
}

/** The gap between the best ask and the best bid, and that gap as a percent of the best ask. */
export function spreadOf(bids: readonly Level[], asks: readonly Level[]): { value: string; percent: string } | undefined {
  const bid = bids[0];
  const ask = asks[0];
  if (!bid || !ask) return undefined;
  const askUnits = mustParseUnits(ask[0]);
  const gap = askUnits - mustParseUnits(bid[0]);
  if (askUnits <= 0n) return undefined;
  return { value: formatUnits(gap), percent: formatUnits(divRound(gap * 100n * UNITS_PER_COIN, askUnits, 'half_even'), 2) };
}
