import { describe, expect, it } from 'vitest';
import { applyBookDiff, bookFromSnapshot, topOfBook } from './book';

const book = bookFromSnapshot(100, {
  bids: [
    [99n, 1n],
    [98n, 2n],
  ],
  asks: [
    [101n, 1n],
    [102n, 3n],
  ],
});

describe('exchange order book', () => {
  it('ignores diffs the snapshot already holds', () => {
    expect(applyBookDiff(book, { firstUpdateId: 90, finalUpdateId: 100, bids: [[99n, 0n]], asks: [] })).toEqual({
      ok: true,
      book,
      applied: false,
    });
  });

  it('applies the diff that straddles the snapshot and the ones after it; 0 removes a level', () => {
    const first = applyBookDiff(book, { firstUpdateId: 95, finalUpdateId: 105, bids: [[99n, 0n], [97n, 5n]], asks: [[100n, 4n]] });
    if (!first.ok) throw new Error('refused');
    const second = applyBookDiff(first.book, { firstUpdateId: 106, finalUpdateId: 110, bids: [[98n, 7n]], asks: [] });
    if (!second.ok) throw new Error('refused');
    expect(second.book.lastUpdateId).toBe(110);
    expect(topOfBook(second.book, 2)).toEqual({
      bids: [
        [98n, 7n],
        [97n, 5n],
      ],
      asks: [
        [100n, 4n],
        [101n, 1n],
      ],
    });
  });

  it('reports a gap when ids were skipped', () => {
    expect(applyBookDiff(book, { firstUpdateId: 102, finalUpdateId: 104, bids: [], asks: [] })).toEqual({ ok: false, reason: 'gap' });
  });
});
