import { describe, expect, it } from 'vitest';
import { isBelow, parseTyped, plainAmount, sumAmounts, usdtValue, withdrawQuote } from './amount';

describe('wallet amounts', () => {
  it('adds wire amounts exactly', () => {
    expect(sumAmounts(['0.10000000', '0.20000000', '100000.00000001', '0'])).toBe('100000.30000001');
    expect(sumAmounts([])).toBe('0.00000000');
  });

  it('values balances in USDT, cutting below 1e-8', () => {
    expect(usdtValue(['2.00000000', '0.50000000'], '67000.12340000')).toBe('167500.30850000');
    expect(usdtValue(['0.00000001'], '0.50000000')).toBe('0.00000000');
  });

  it('reads typed amounts with the server rejection codes', () => {
    expect(parseTyped(' 12.5 ')).toEqual({ ok: true, units: 1_250_000_000n });
    expect(parseTyped('')).toEqual({ ok: false, code: 'amount_empty' });
    expect(parseTyped('1e5')).toEqual({ ok: false, code: 'amount_malformed' });
    expect(parseTyped('0.000000001')).toEqual({ ok: false, code: 'amount_too_many_decimals' });
    expect(parseTyped('0')).toEqual({ ok: false, code: 'amount_not_positive' });
  });

  it('quotes fee = amount × rate / 100 and received = amount − fee', () => {
    expect(withdrawQuote('100', '0.5')).toEqual({ fee: '0.50000000', received: '99.50000000' });
    expect(withdrawQuote('0.00000003', '50')).toEqual({ fee: '0.00000002', received: '0.00000001' });
    expect(withdrawQuote('abc', '0.5')).toBeUndefined();
  });

  it('tells an amount under the minimum', () => {
    expect(isBelow('9.99', '10.00000000')).toBe(true);
    expect(isBelow('10', '10.00000000')).toBe(false);
    expect(isBelow('', '10.00000000')).toBe(false);
  });

  it('writes wire amounts as typed', () => {
    expect(plainAmount('100.50000000')).toBe('100.5');
    expect(plainAmount('100000.00000000')).toBe('100000');
    expect(plainAmount('0.00000001')).toBe('0.00000001');
    expect(plainAmount('100')).toBe('100');
  });
});
