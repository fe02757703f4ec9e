import { describe, expect, it } from 'vitest';
import type { TMicroOrderRow } from '@tidemark/protocol';
import { countdown, expectedPayout, firstPreset, isBlockedKey, liveProfit, presetRows, submitFee, withClosings } from './rules';

const order = (id: number, extra: Partial<TMicroOrderRow> = {}) => ({ id, status: 1, ...extra }) as TMicroOrderRow;

describe('micro page rules', () => {
  it('lays presets out in rows of 7', () => {
    const rows = presetRows(Array.from({ length: 16 }, (_, i) => i));
    expect(rows.map((r) => r.length)).toEqual([7, 7, 2]);
    expect(presetRows([])).toEqual([]);
  });

  it('starts a currency at its first preset, or 0 without one', () => {
    expect(firstPreset({ micro_numbers: [{ number: '10.00000000' }, { number: '50.00000000' }] })).toBe('10.00000000');
    expect(firstPreset({ micro_numbers: [] })).toBe('0');
    expect(firstPreset(undefined)).toBe('0');
  });

  it('blocks only the letter e', () => {
    expect(['e', 'E'].map(isBlockedKey)).toEqual([true, true]);
    expect(['1', '.', 'Backspace'].map(isBlockedKey)).toEqual([false, false, false]);
  });

  it('quotes the payout of a win and the fee by the server’s rules', () => {
    expect(expectedPayout('100', '80.00000000')).toEqual({ payout: '180.00000000', profit: '80.00000000' });
    expect(expectedPayout('0.00000001', '80')).toEqual({ payout: '0.00000001', profit: '0.00000000' });
    expect(expectedPayout('', '80')).toBeUndefined();
    expect(expectedPayout('1e3', '80')).toBeUndefined();
    expect(submitFee('100', '1')).toBe('1.00000000');
    // the fee rounds up, as the server charges it
    expect(submitFee('0.00000001', '1')).toBe('0.00000001');
  });

  it('shows an open order’s live profit by the spec’s rule (a level price shows as a gain)', () => {
    const up = { type: 1, open_price: '100', number: '10', profit_ratio: '80' };
    const down = { ...up, type: 2 };
    expect(liveProfit(up, '101')).toEqual({ trend: 'up', amount: '8.00000000' });
    expect(liveProfit(up, '100')).toEqual({ trend: 'up', amount: '8.00000000' });
    expect(liveProfit(up, '99.99')).toEqual({ trend: 'down', amount: '10.00000000' });
    expect(liveProfit(down, '99')).toEqual({ trend: 'up', amount: '8.00000000' });
    expect(liveProfit(down, '100')).toEqual({ trend: 'up', amount: '8.00000000' });
    expect(liveProfit(down, '100.01')).toEqual({ trend: 'down', amount: '10.00000000' });
    expect(liveProfit(up, '')).toBeUndefined();
  });

  it('lays pushed closings over the open list, keeping one the poll already dropped', () => {
    const closed = order(2, { status: 3 });
    expect(withClosings([order(3), order(2), order(1)], new Map([[2, closed]]))).toEqual([order(3), closed, order(1)]);
    expect(withClosings([order(3), order(1)], new Map([[2, closed]]))).toEqual([order(3), closed, order(1)]);
    // lingered out: off the list, even from a poll read before the settlement
    expect(withClosings([order(3), order(2), order(1)], new Map([[2, null]]))).toEqual([order(3), order(1)]);
  });

  it('counts down in whole seconds and stops at zero', () => {
    expect(countdown(30_000, 0)).toEqual({ text: '00:30', leftMs: 30_000 });
    expect(countdown(90_500, 0).text).toBe('01:31');
    expect(countdown(1_000, 5_000)).toEqual({ text: '00:00', leftMs: 0 });
  });
});
