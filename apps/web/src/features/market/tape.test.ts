import { describe, expect, it } from 'vitest';
import { mergeSnapshot, prependTrades, TRADES_MAX, type Trade } from './tape';

const trade = (time: number, price = '100'): Trade => ({ time: '00:00:00', ts: time, price, amount: '1', direction: 'buy' });

describe('recent trades', () => {
  it('prepends new trades and keeps 40 rows', () => {
    const list = Array.from({ length: TRADES_MAX }, (_, i) => trade(100 - i));
    const next = prependTrades(list, [trade(102), trade(101)]);
    expect(next).toHaveLength(TRADES_MAX);
    expect(next.slice(0, 3).map((t) => t.ts)).toEqual([102, 101, 100]);
  });

  it('keeps live trades newer than a reloaded snapshot and drops the stale ones', () => {
    const snapshot = [trade(50), trade(40)];
    const live = [trade(60), trade(55), trade(50), trade(20)];
    expect(mergeSnapshot(snapshot, live).map((t) => t.ts)).toEqual([60, 55, 50, 40]);
    expect(mergeSnapshot([], live).map((t) => t.ts)).toEqual([60, 55, 50, 20]);
  });
});
