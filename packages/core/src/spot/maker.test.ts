import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mustParseUnits as u, UNITS_PER_COIN } from '../money';
import { bandOf, checkSpotSubmit } from './rules';
import { makerLadder, type SpotMakerConfig } from './maker';
import type { SpotPairRules } from './types';

const rules: SpotPairRules = {
  baseCurrencyId: 1n,
  quoteCurrencyId: 3n,
  tickUnits: u('0.01'),
  lotUnits: u('0.0001'),
  minValueUnits: u('5'),
  makerFeePercentUnits: u('0.1'),
  takerFeePercentUnits: u('0.2'),
  bandPercentUnits: u('5'),
};
const config: SpotMakerConfig = { levels: 5, spreadPercentUnits: u('0.1'), stepPercentUnits: u('0.05'), sizeUnits: u('0.05') };

describe('makerLadder', () => {
  it('quotes bids below and asks above the index on a grid of the rounded index', () => {
    const ladder = makerLadder(rules, config, u('67123.45'));
    // step: 0.05% of 67000 = 33.50; half spread 33.57 rounds the top bid down and the top ask up to the grid
    expect(ladder.filter((q) => q.side === 'buy').map((q) => q.priceUnits)).toEqual(
      ['67067.00', '67033.50', '67000.00', '66966.50', '66933.00'].map(u),
    );
    expect(ladder.filter((q) => q.side === 'sell').map((q) => q.priceUnits)).toEqual(
      ['67167.50', '67201.00', '67234.50', '67268.00', '67301.50'].map(u),
    );
    expect(ladder.every((q) => q.amountUnits === u('0.05'))).toBe(true);
  });

  it('keeps most rungs when the index moves a little', () => {
    const before = new Set(makerLadder(rules, config, u('67123.45')).map((q) => `${q.side}${q.priceUnits}`));
    const after = makerLadder(rules, config, u('67140')).map((q) => `${q.side}${q.priceUnits}`);
    expect(after.filter((key) => before.has(key)).length).toBeGreaterThanOrEqual(8);
  });

  it('drops rungs below one lot, outside the band or under the minimum value', () => {
    expect(makerLadder(rules, { ...config, sizeUnits: u('0.00001') }, u('67000'))).toEqual([]);
    const wide = makerLadder(rules, { ...config, levels: 200, stepPercentUnits: u('0.1') }, u('67000'));
    const band = bandOf(rules, u('67000'));
    expect(wide.length).toBeLessThan(400);
    expect(wide.every((q) => q.priceUnits >= band.lowUnits && q.priceUnits <= band.highUnits)).toBe(true);
    // one lot at 40000 is worth 4, under the minimum of 5
    expect(makerLadder(rules, { ...config, sizeUnits: u('0.0001') }, u('40000'))).toEqual([]);
  });

  it('gives only orders the pair accepts, never crossed', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: u('1'), max: u('1000000') }), fc.integer({ min: 1, max: 20 }), (index, levels) => {
        const ladder = makerLadder(rules, { ...config, levels, sizeUnits: u('1') }, index);
        const bids = ladder.filter((q) => q.side === 'buy').map((q) => q.priceUnits);
        const asks = ladder.filter((q) => q.side === 'sell').map((q) => q.priceUnits);
        if (bids.length && asks.length) expect(bids[0]! < asks[0]!).toBe(true);
        for (const q of ladder) {
          const checked = checkSpotSubmit(rules, { kind: 'limit', side: q.side, priceUnits: q.priceUnits, amountUnits: q.amountUnits }, index);
          expect(checked).not.toHaveProperty('rejection');
          expect((q.priceUnits * q.amountUnits) % UNITS_PER_COIN).toBe(0n);
        }
      }),
    );
  });
});
