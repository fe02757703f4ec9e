import { describe, expect, it } from 'vitest';
import { amountForShare, feeFor, placesOf, totalOf } from './quote';

const rules = {
  currency_id: 1,
  legal_id: 3,
  price_step: '0.01000000',
  amount_step: '0.00010000',
  min_total: '5.00000000',
  maker_fee: '0.10000000',
  taker_fee: '0.20000000',
  band: '5.00000000',
};

describe('order form arithmetic', () => {
  it('totals and fees exactly', () => {
    expect(totalOf('67000.5', '0.0123')).toBe('824.10615000');
    expect(totalOf('', '1')).toBe('');
    // 0.2% of 670, rounded up
    expect(feeFor('670.00000001', rules)).toBe('1.34000001');
  });

  it('turns a share of the balance into an amount the server accepts', () => {
    // 50% of 1000 USDT at 67000 with room for the 0.2% fee: 0.00745 cut to the step
    expect(amountForShare({ percent: 50, available: '1000', side: 'buy', price: '67000', byTotal: false }, rules)).toBe('0.00740000');
    expect(amountForShare({ percent: 100, available: '0.12345678', side: 'sell', price: '', byTotal: false }, rules)).toBe('0.12340000');
    expect(amountForShare({ percent: 25, available: '1000', side: 'buy', price: '', byTotal: true }, rules)).toBe('250.00000000');
    expect(amountForShare({ percent: 0, available: '1000', side: 'sell', price: '', byTotal: false }, rules)).toBe('');
  });

  it('shows prices and amounts with the places of their step', () => {
    expect(placesOf('0.01000000')).toBe(2);
    expect(placesOf('1.00000000')).toBe(0);
    expect(placesOf('0.00001000')).toBe(5);
  });
});
