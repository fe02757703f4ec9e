import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeOf } from './fee';

describe('feeOf', () => {
  it('rounds a fraction of 1e-8 up, in the platform’s favour', () => {
    expect(feeOf(100n * 100_000_000n, 100_000_000n)).toBe(100_000_000n);
    expect(feeOf(3n, 50n * 100_000_000n)).toBe(2n);
  });

  it('never leaves a payout above amount minus the exact fee, nor a negative one', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), fc.bigInt({ min: 0n, max: 100n * 100_000_000n }), (amount, rate) => {
        const fee = feeOf(amount, rate);
        // fee * 100 * 1e8 >= amount * rate: the fee is at least the exact fee
        expect(fee * 100n * 100_000_000n >= amount * rate).toBe(true);
        expect(fee <= amount).toBe(true);
      }),
    );
  });
});
