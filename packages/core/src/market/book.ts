import type { Depth, Level } from './price';

/**
 * A local copy of an exchange's order book kept from a snapshot plus numbered diffs (the
 * protocol Binance documents): a diff wholly older than the book is ignored, one that skips
 * ids means messages were lost and the book must be fetched again.
 */
export interface Book {
  lastUpdateId: number;
  bids: Map<bigint, bigint>;
  asks: Map<bigint, bigint>;
}

export interface BookDiff {
  firstUpdateId: number;
  finalUpdateId: number;
  bids: readonly Level[];
  asks: readonly Level[];
}

export function bookFromSnapshot(lastUpdateId: number, depth: Depth): Book {
  return { lastUpdateId, bids: new Map(depth.bids), asks: new Map(depth.asks) };
}

export type DiffResult = { ok: true; book: Book; applied: boolean } | { ok: false; reason: 'gap' };

/** Applies a diff to a copy of the book; an amount of 0 removes the level. */
export function applyBookDiff(book: Book, diff: BookDiff): DiffResult {
  if (diff.finalUpdateId <= book.lastUpdateId) return { ok: true, book, applied: false };
  if (diff.firstUpdateId > book.lastUpdateId + 1) return { ok: false, reason: 'gap' };
  const patch = (side: Map<bigint, bigint>, levels: readonly Level[]) => {
    const next = new Map(side);
    for (const [price, amount] of levels) {
      if (amount === 0n) next.delete(price);
      else next.set(price, amount);
    }
    return next;
  };
  return {
    ok: true,
    applied: true,
    book: { lastUpdateId: diff.finalUpdateId, bids: patch(book.bids, diff.bids), asks: patch(book.asks, diff.asks) },
  };
}

/** The best `levels` of each side. */
export function topOfBook(book: Book, levels: number): Depth {
  const sorted = (side: Map<bigint, bigint>, descending: boolean) =>
    [...side.entries()]
      .sort(([a], [b]) => (a === b ? 0 : (a < b) !== descending ? -1 : 1))
      .slice(0, levels) as Level[];
  return { bids: sorted(book.bids, true), asks: sorted(book.asks, false) };
}
