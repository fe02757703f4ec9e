import { describe, expect, it } from 'vitest';
import { estimateLever, stopBounds } from './estimate';

const terms = { contractSize: '0.001', spreadPercent: '0.05', feePercent: '0.1' };
const long = {
  direction: 1 as const,
  mode: 1 as const,
  limitPrice: '',
  currentPrice: '60000',
  hands: 10,
  multiple: 10,
  takeProfit: '',
  stopLoss: '',
};

describe('estimateLever', () => {
  it('quotes a market long at the spread-adjusted price: value, margin and fee', () => {
    // 60000 + 0.05% = 60030; value = 60030 x 10 x 0.001 = 600.3; margin = 60.03; fee = 0.6003
    expect(estimateLever(long, terms)).toEqual({ openPrice: '60030.00000000', value: '600.30000000', margin: '60.03000000', fee: '0.60030000' });
  });

  it('settles at take-profit and stop-loss by price move x quantity, leverage not multiplying it', () => {
    const quote = estimateLever({ ...long, takeProfit: '60530', stopLoss: '59530' }, terms);
    expect(quote?.profitAtTakeProfit).toBe('5.00000000');
    expect(quote?.lossAtStopLoss).toBe('-5.00000000');
  });

  it('never shows a loss beyond the margin', () => {
    const quote = estimateLever({ ...long, multiple: 100, stopLoss: '50000' }, terms);
    expect(quote?.lossAtStopLoss).toBe(`-${quote?.margin}`);
  });

  it('opens a short below the price, and a limit already reached at the current price', () => {
    expect(estimateLever({ ...long, direction: 2 }, terms)?.openPrice).toBe('59970.00000000');
    expect(estimateLever({ ...long, mode: 0, limitPrice: '61000.00000000' }, terms)?.openPrice).toBe('60030.00000000');
    expect(estimateLever({ ...long, mode: 0, limitPrice: '59000.00000000' }, terms)?.openPrice).toBe('59029.50000000');
  });

  it('has nothing to estimate without a limit price, hands or a price', () => {
    expect(estimateLever({ ...long, mode: 0 }, terms)).toBeUndefined();
    expect(estimateLever({ ...long, hands: 0 }, terms)).toBeUndefined();
    expect(estimateLever({ ...long, currentPrice: '' }, terms)).toBeUndefined();
  });
});

describe('stopBounds', () => {
  const range = 1000n * 100_000_000n;
  it('puts a long take-profit and a short stop-loss above the price, the others below', () => {
    expect(stopBounds('takeProfit', 1, '60000.00000000', range)).toEqual({ min: '60000.00000000', max: '61000.00000000' });
    expect(stopBounds('stopLoss', 1, '60000.00000000', range)).toEqual({ min: '59000.00000000', max: '60000.00000000' });
    expect(stopBounds('stopLoss', 2, '60000.00000000', range)).toEqual({ min: '60000.00000000', max: '61000.00000000' });
    expect(stopBounds('takeProfit', 2, '500.00000000', range)).toEqual({ min: '0.00000000', max: '500.00000000' });
  });
});
