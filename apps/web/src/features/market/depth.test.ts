import { describe, expect, it } from 'vitest';
import { bookRows } from './depth';

describe('bookRows', () => {
  it('gives cumulative depth bars on one scale for both sides', () => {
    const bids = [['99.5', '1'], ['99', '3'], ['98', '100']] as const;
    const asks = [['100.5', '2'], ['101', '0.5']] as const;
    const { bids: b, asks: a } = bookRows(bids, asks, 2);
    expect(b).toEqual([
      { price: '99.5', amount: '1', depth: 25 },
      { price: '99', amount: '3', depth: 100 },
    ]);
    expect(a.map((row) => row.depth)).toEqual([50, 62]);
  });

  it('copes with an empty book', () => {
    expect(bookRows([], [], 10)).toEqual({ bids: [], asks: [] });
  });
});
