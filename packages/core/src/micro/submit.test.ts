import { describe, expect, it } from 'vitest';
import { checkPostings } from '../ledger';
import { mustParseUnits as U } from '../money';
import { checkMicroSubmit } from './submit';
import { LIMITS, NOW_MS, submitInput } from './testing';

const judge = (overrides: Parameters<typeof submitInput>[0] = {}) =>
  checkMicroSubmit(submitInput(overrides), LIMITS, NOW_MS);
const rejection = (overrides: Parameters<typeof submitInput>[0]) => {
  const out = judge(overrides);
  return 'rejection' in out ? out.rejection : 'accepted';
};

describe('checkMicroSubmit', () => {
  it('accepts an up order for 100 USDT: fee 1, stake frozen, open at the given tick, expiry 30 s later', () => {
    const out = judge();
    if ('rejection' in out) throw new Error(out.rejection);
    expect(out.order).toEqual({
      orderId: 1n,
      userId: 7n,
      pairId: 2n,
      currencyId: 3n,
      direction: 'up',
      seconds: 30,
      numberUnits: U('100'),
      feeUnits: U('1'),
      profitRatioPercentUnits: U('80'),
      openedAtMs: NOW_MS,
      expiresAtMs: NOW_MS + 30_000,
      openTick: { priceUnits: U('67000'), atMs: NOW_MS - 1_000 },
    });
    expect(out.postings).toEqual([
      { account: { owner: 7n }, currencyId: 3n, bucket: 'available', deltaUnits: -U('101') },
      { account: { owner: 7n }, currencyId: 3n, bucket: 'frozen', deltaUnits: U('100') },
      { account: { system: 'fees' }, currencyId: 3n, bucket: 'available', deltaUnits: U('1') },
    ]);
    expect(checkPostings(out.postings)).toEqual({ ok: true });
  });

  it('rounds the fee up to the next 1e-8, as fee.ts does', () => {
    // 10.00000001 x 1% = 0.1000000001 -> 0.10000001
    const out = judge({ number: '10.00000001' });
    expect('order' in out && out.order.feeUnits).toBe(U('0.10000001'));
  });

  it('posts no fee leg when the fee rate is 0', () => {
    const out = judge({ currency: { ...submitInput().currency!, feePercentUnits: 0n } });
    if ('rejection' in out) throw new Error(out.rejection);
    expect(out.postings).toHaveLength(2);
    expect(checkPostings(out.postings)).toEqual({ ok: true });
  });

  it('refuses a pair that is missing or closed for micro options', () => {
    expect(rejection({ pair: undefined })).toBe('micro_pair_closed');
    expect(rejection({ pair: { pairId: 2n, microOpen: false } })).toBe('micro_pair_closed');
  });

  it('refuses a currency that is missing or not payable', () => {
    expect(rejection({ currency: undefined })).toBe('micro_currency_not_payable');
    expect(rejection({ currency: { ...submitInput().currency!, payable: false } })).toBe('micro_currency_not_payable');
  });

  it('refuses a seconds option that is missing or disabled', () => {
    expect(rejection({ secondsOption: undefined })).toBe('micro_seconds_invalid');
    expect(rejection({ secondsOption: { seconds: 30, profitRatioPercentUnits: U('80'), enabled: false } })).toBe(
      'micro_seconds_invalid',
    );
  });

  it('refuses a number that is not a plain positive decimal', () => {
    for (const number of ['', 'abc', '1e3', '-5', '0', '0.00000000', '+10', ' 10', '10.']) {
      expect(rejection({ number }), number).toBe('micro_amount_invalid');
    }
  });

  it('refuses more than 8 decimals, accepts exactly 8', () => {
    expect(rejection({ number: '10.123456789' })).toBe('micro_amount_too_precise');
    expect(rejection({ number: '10.12345678' })).toBe('accepted');
  });

  it('holds the number within the currency minimum and maximum, both inclusive', () => {
    expect(rejection({ number: '9.99999999' })).toBe('micro_amount_below_min');
    expect(rejection({ number: '10' })).toBe('accepted');
    expect(rejection({ number: '10000', availableUnits: U('20000') })).toBe('accepted');
    expect(rejection({ number: '10000.00000001', availableUnits: U('20000') })).toBe('micro_amount_above_max');
  });

  it('caps the open orders per user', () => {
    expect(rejection({ openOrdersOfUser: LIMITS.openOrdersPerUserMax - 1 })).toBe('accepted');
    expect(rejection({ openOrdersOfUser: LIMITS.openOrdersPerUserMax })).toBe('micro_open_orders_max');
  });

  it('refuses when there is no tick, the last is older than the stale limit, or it is after the opening', () => {
    expect(rejection({ latestTick: undefined })).toBe('micro_price_stale');
    const at = (atMs: number) => ({ latestTick: { priceUnits: U('67000'), atMs } });
    expect(rejection(at(NOW_MS - LIMITS.priceStaleAfterMs))).toBe('accepted');
    expect(rejection(at(NOW_MS - LIMITS.priceStaleAfterMs - 1))).toBe('micro_price_stale');
    // no order opens at a price from after its opening: the caller passes the last trade at or before now
    expect(rejection(at(NOW_MS))).toBe('accepted');
    expect(rejection(at(NOW_MS + 1))).toBe('micro_price_stale');
  });

  it('needs the stake plus the fee available', () => {
    expect(rejection({ availableUnits: U('101') })).toBe('accepted');
    expect(rejection({ availableUnits: U('100.99999999') })).toBe('micro_balance_insufficient');
  });
});
