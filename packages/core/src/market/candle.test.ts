import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addTrade, assertCandle, candleOfTrade, rollUp, type Candle } from './candle';
import { PERIODS, bucketStartMs, nextBucketStartMs, parsePeriod, storedPeriodFor, type Period } from './period';

const START_MS = Date.UTC(2025, 0, 1);
const units = fc.bigInt({ min: 1n, max: 10n ** 14n });

/** Ascending minute bars, each built from trades so it is well formed. */
const minuteBars = fc
  .array(
    fc.record({
      gapMinutes: fc.integer({ min: 1, max: 3000 }),
      trades: fc.array(fc.tuple(units, fc.bigInt({ min: 0n, max: 10n ** 12n })), { minLength: 1, maxLength: 5 }),
    }),
    { maxLength: 120 },
  )
  .map((specs) => {
    let timeMs = START_MS;
    return specs.map(({ gapMinutes, trades }): Candle => {
      timeMs += gapMinutes * 60_000;
      const [[firstPrice, firstAmount], ...rest] = trades as [[bigint, bigint], ...[bigint, bigint][]];
      return rest.reduce((c, [p, a]) => addTrade(c, p, a), candleOfTrade(timeMs, firstPrice, firstAmount));
    });
  });

const anyPeriod = fc.constantFrom(...PERIODS);
const sum = (cs: readonly Candle[]) => cs.reduce((s, c) => s + c.volumeUnits, 0n);

describe('candle roll-up', () => {
  it('keeps every bar well formed: high is the top, low the bottom', () => {
    fc.assert(
      fc.property(minuteBars, anyPeriod, (bars, period) => {
        for (const c of rollUp(bars, period)) assertCandle(c);
      }),
    );
  });

  it('keeps volume, extremes, first open and last close', () => {
    fc.assert(
      fc.property(minuteBars, anyPeriod, (bars, period) => {
        const rolled = rollUp(bars, period);
        expect(sum(rolled)).toBe(sum(bars));
        if (bars.length === 0) {
          expect(rolled).toEqual([]);
          return;
        }
        const max = bars.reduce((m, c) => (c.highUnits > m ? c.highUnits : m), 0n);
        const min = bars.reduce((m, c) => (c.lowUnits < m ? c.lowUnits : m), bars[0]!.lowUnits);
        expect(rolled.reduce((m, c) => (c.highUnits > m ? c.highUnits : m), 0n)).toBe(max);
        expect(rolled.reduce((m, c) => (c.lowUnits < m ? c.lowUnits : m), rolled[0]!.lowUnits)).toBe(min);
        expect(rolled[0]!.openUnits).toBe(bars[0]!.openUnits);
        expect(rolled.at(-1)!.closeUnits).toBe(bars.at(-1)!.closeUnits);
      }),
    );
  });

  it('puts every bar in its own bucket, ascending, with the volume of the bars inside', () => {
    fc.assert(
      fc.property(minuteBars, anyPeriod, (bars, period) => {
        const rolled = rollUp(bars, period);
        for (const [i, c] of rolled.entries()) {
          expect(bucketStartMs(period, c.timeMs)).toBe(c.timeMs);
          if (i > 0) expect(c.timeMs).toBeGreaterThan(rolled[i - 1]!.timeMs);
          const inside = bars.filter((b) => b.timeMs >= c.timeMs && b.timeMs < nextBucketStartMs(period, c.timeMs));
          expect(c.volumeUnits).toBe(sum(inside));
        }
      }),
    );
  });

  it('gives the same bars rolled up directly or through the stored period it is served from', () => {
    fc.assert(
      fc.property(minuteBars, anyPeriod, (bars, period) => {
        const viaStored = rollUp(rollUp(bars, storedPeriodFor(period)), period);
        expect(viaStored).toEqual(rollUp(bars, period));
      }),
    );
  });

  it('gives the same bars through any finer period that nests in the coarser one', () => {
    const nested: [Period, Period][] = [
      ['5min', '15min'],
      ['15min', '60min'],
      ['60min', '240min'],
      ['1day', '3day'],
      ['1day', '1week'],
      ['1day', '1mon'],
    ];
    fc.assert(
      fc.property(minuteBars, fc.constantFrom(...nested), (bars, [fine, coarse]) => {
        expect(rollUp(rollUp(bars, fine), coarse)).toEqual(rollUp(bars, coarse));
      }),
    );
  });

  it('refuses bars out of order', () => {
    const a = candleOfTrade(START_MS + 60_000, 5n, 1n);
    expect(() => rollUp([a, { ...a, timeMs: START_MS }], '5min')).toThrow(/out of order/);
  });
});

describe('periods', () => {
  it('reads the spec spellings and the chart library resolutions', () => {
    expect(parsePeriod('1min')).toBe('1min');
    expect(parsePeriod('60')).toBe('60min');
    expect(parsePeriod('1D')).toBe('1day');
    expect(parsePeriod('1W')).toBe('1week');
    expect(parsePeriod('1M')).toBe('1mon');
    expect(parsePeriod('7min')).toBeUndefined();
  });

  it('starts weeks on Monday and months on the first, in UTC', () => {
    const wednesday = Date.UTC(2025, 4, 14, 13, 5);
    expect(new Date(bucketStartMs('1week', wednesday)).toISOString()).toBe('2025-05-12T00:00:00.000Z');
    expect(new Date(bucketStartMs('1mon', wednesday)).toISOString()).toBe('2025-05-01T00:00:00.000Z');
    expect(new Date(nextBucketStartMs('1mon', Date.UTC(2025, 11, 31))).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(new Date(bucketStartMs('240min', wednesday)).toISOString()).toBe('2025-05-14T12:00:00.000Z');
  });
});
