import { describe, expect, it } from 'vitest';
import { bookRows, groupLevels, groupSteps, spreadOf, sweep } from './depth';

describe('bookRows', () => {
  it('gives cumulative sums and depth bars on one scale for both sides', () => {
    const bids = [['99.5', '1'], ['99', '3'], ['98', '100']] as const;
    const asks = [['100.5', '2'], ['101', '0.5']] as const;
    const { bids: b, asks: a } = bookRows(bids, asks, 2);
    expect(b).toEqual([
      { price: '99.5', amount: '1', total: '1.00000000', depth: 25 },
      { price: '99', amount: '3', total: '4.00000000', depth: 100 },
    ]);
    expect(a.map((row) => row.depth)).toEqual([50, 62]);
    expect(a.map((row) => row.total)).toEqual(['2.00000000', '2.50000000']);
  });

  it('copes with an empty book', () => {
    expect(bookRows([], [], 10)).toEqual({ bids: [], asks: [] });
  });
});

describe('grouping', () => {
  it('offers the tick and 10, 100 and 1000 ticks', () => {
    expect(groupSteps('0.01')).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupSteps('0.00001')).toEqual(['0.00001', '0.0001', '0.001', '0.01']);
  });

  it('puts bids in the bucket below and asks in the bucket above, summing exactly', () => {
    const bids = [['100.29', '0.1'], ['100.21', '0.2'], ['100.19', '0.3']] as const;
    expect(groupLevels(bids, '0.1', 'bids')).toEqual([
      ['100.20000000', '0.30000000'],
      ['100.10000000', '0.30000000'],
    ]);
    const asks = [['100.31', '0.1'], ['100.39', '0.2'], ['100.41', '0.3']] as const;
    expect(groupLevels(asks, '0.1', 'asks')).toEqual([
      ['100.40000000', '0.30000000'],
      ['100.50000000', '0.30000000'],
    ]);
  });
});

describe('sweep', () => {
  it('gives the cumulative amount and average price to a level', () => {
    const { asks } = bookRows([], [['100', '1'], ['102', '3']], 5);
    expect(sweep(asks, 0)).toEqual({ amount: '1.00000000', average: '100.00000000' });
    expect(sweep(asks, 1)).toEqual({ amount: '4.00000000', average: '101.50000000' });
  });
});

describe('spreadOf', () => {
  it('is the gap between the best ask and bid, and its percent of the ask', () => {
    expect(spreadOf([['99', '1']], [['100', '1']])).toEqual({ value: '1.00000000', percent: '1.00' });
    expect(spreadOf([], [['100', '1']])).toBeUndefined();
  });
});
