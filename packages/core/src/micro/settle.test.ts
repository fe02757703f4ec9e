import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPostings } from '../ledger';
import { mustParseUnits as U } from '../money';
import { microOutcome, microPayout, settleMicroOrder } from './settle';
import { checkMicroSubmit } from './submit';
import { LIMITS, NOW_MS, submitInput } from './testing';
import type { MicroDirection, MicroOrder } from './types';

// fast-check prints the seed of a failing run; SEED=<n> replays it
const params = process.env.SEED ? { seed: Number(process.env.SEED) } : {};

function order(direction: MicroDirection, number = '100'): MicroOrder {
  const out = checkMicroSubmit(submitInput({ direction, number }), LIMITS, NOW_MS);
  if ('rejection' in out) throw new Error(out.rejection);
  return out.order;
}
const endAt = (price: string) => ({ priceUnits: U(price), atMs: NOW_MS + 29_900 });

describe('microOutcome (decision 3)', () => {
  it('up wins above the open price, down below it, equal is a draw', () => {
    expect(microOutcome('up', 100n, 101n)).toBe('win');
    expect(microOutcome('up', 100n, 99n)).toBe('loss');
    expect(microOutcome('up', 100n, 100n)).toBe('draw');
    expect(microOutcome('down', 100n, 99n)).toBe('win');
    expect(microOutcome('down', 100n, 101n)).toBe('loss');
    expect(microOutcome('down', 100n, 100n)).toBe('draw');
  });
});

describe('settleMicroOrder', () => {
  it('a win returns stake + number x 80 / 100, the house paying the profit', () => {
    const { settlement, postings } = settleMicroOrder(order('up'), endAt('67000.01'));
    expect(settlement).toMatchObject({
      outcome: 'win',
      payoutUnits: U('180'),
      factProfitsUnits: U('80'),
      profitResult: 1,
    });
    expect(settlement.endTick).toEqual(endAt('67000.01'));
    expect(postings).toEqual([
      { account: { owner: 7n }, currencyId: 3n, bucket: 'frozen', deltaUnits: -U('100') },
      { account: { owner: 7n }, currencyId: 3n, bucket: 'available', deltaUnits: U('180') },
      { account: { system: 'house' }, currencyId: 3n, bucket: 'available', deltaUnits: -U('80') },
    ]);
  });

  it('a draw returns the stake and nothing else (fact_profits 0)', () => {
    const { settlement, postings } = settleMicroOrder(order('down'), endAt('67000'));
    expect(settlement).toMatchObject({ outcome: 'draw', payoutUnits: U('100'), factProfitsUnits: 0n, profitResult: 0 });
    expect(postings).toEqual([
      { account: { owner: 7n }, currencyId: 3n, bucket: 'frozen', deltaUnits: -U('100') },
      { account: { owner: 7n }, currencyId: 3n, bucket: 'available', deltaUnits: U('100') },
    ]);
  });

  it('a loss keeps the stake, which goes to the house', () => {
    const { settlement, postings } = settleMicroOrder(order('down'), endAt('67000.01'));
    expect(settlement).toMatchObject({
      outcome: 'loss',
      payoutUnits: 0n,
      factProfitsUnits: -U('100'),
      profitResult: -1,
    });
    expect(postings).toEqual([
      { account: { owner: 7n }, currencyId: 3n, bucket: 'frozen', deltaUnits: -U('100') },
      { account: { system: 'house' }, currencyId: 3n, bucket: 'available', deltaUnits: U('100') },
    ]);
  });

  it('rounds a win’s profit down to 1e-8: the house never pays a fraction more', () => {
    // 10.00000001 x 80% = 8.000000008 -> 8.00000000
    expect(microPayout(order('up', '10.00000001'), 1n, 2n).factProfitsUnits).toBe(U('8'));
  });

  it('throws on an end tick outside the order’s life: the price lookup is broken', () => {
    const o = order('up');
    expect(() => settleMicroOrder(o, { priceUnits: 1n, atMs: o.expiresAtMs + 1 })).toThrow(/outside/);
    expect(() => settleMicroOrder(o, { priceUnits: 1n, atMs: o.openTick.atMs - 1 })).toThrow(/outside/);
  });

  it('always balances, frees the whole stake and pays by the rule', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<MicroDirection>('up', 'down'),
        fc.bigInt({ min: U('10'), max: U('10000') }),
        fc.bigInt({ min: 0n, max: U('200') }),
        fc.bigInt({ min: 1n, max: U('100000') }),
        fc.bigInt({ min: 1n, max: U('100000') }),
        (direction, numberUnits, ratio, openPrice, endPrice) => {
          const o = {
            ...order(direction),
            numberUnits,
            profitRatioPercentUnits: ratio,
            openTick: { priceUnits: openPrice, atMs: NOW_MS },
          };
          const { settlement, postings } = settleMicroOrder(o, { priceUnits: endPrice, atMs: NOW_MS + 1 });
          expect(checkPostings(postings)).toEqual({ ok: true });
          const frozen = postings.filter((p) => p.bucket === 'frozen');
          expect(frozen).toEqual([{ account: { owner: 7n }, currencyId: 3n, bucket: 'frozen', deltaUnits: -numberUnits }]);
          const won = direction === 'up' ? endPrice > openPrice : endPrice < openPrice;
          const expected =
            endPrice === openPrice ? numberUnits : won ? numberUnits + (numberUnits * ratio) / U('100') : 0n;
          expect(settlement.payoutUnits).toBe(expected);
          expect(settlement.factProfitsUnits).toBe(expected - numberUnits);
        },
      ),
      params,
    );
  });
});
