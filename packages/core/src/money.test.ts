import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  UNITS_MAX,
  UNITS_MIN,
  UNITS_PER_COIN,
  MoneyError,
  assertUnitsInRange,
  divRound,
  divUnits,
  formatUnits,
  formatUnitsShort,
  mulUnits,
  mustParseUnits,
  parseUnits,
  percentOf,
  scaleByInteger,
  type Rounding,
} from './money';

const MODES: readonly Rounding[] = ['down', 'up', 'floor', 'ceil', 'half_even', 'half_up'];
const anyUnits = fc.bigInt({ min: UNITS_MIN, max: UNITS_MAX });
const anyMode = fc.constantFrom(...MODES);
const abs = (x: bigint): bigint => (x < 0n ? -x : x);

describe('parseUnits', () => {
  it.each([
    ['0', 0n],
    ['-0', 0n],
    ['1', 100_000_000n],
    ['1.5', 150_000_000n],
    ['-1.5', -150_000_000n],
    ['0.00000001', 1n],
    ['007.10', 710_000_000n],
    ['92233720368.54775807', UNITS_MAX],
    ['-92233720368.54775808', UNITS_MIN],
  ])('accepts %j', (text, units) => {
    expect(parseUnits(text)).toEqual({ ok: true, units });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['1e5', 'malformed'],
    ['NaN', 'malformed'],
    ['Infinity', 'malformed'],
    ['0x10', 'malformed'],
    ['1,000', 'malformed'],
    ['abc', 'malformed'],
    ['--1', 'malformed'],
    ['+1', 'malformed'],
    [' 1', 'malformed'],
    ['1 ', 'malformed'],
    ['1 000', 'malformed'],
    ['.', 'malformed'],
    ['.5', 'malformed'],
    ['5.', 'malformed'],
    ['1.123456789', 'too_many_decimals'],
    ['1.000000000', 'too_many_decimals'],
    ['92233720368.54775808', 'out_of_range'],
    ['-92233720368.54775809', 'out_of_range'],
  ])('rejects %j as %s', (text, reason) => {
    expect(parseUnits(text)).toEqual({ ok: false, reason });
  });

  it('rejects a huge integer part as out_of_range', () => {
    expect(parseUnits('1'.repeat(100_000))).toEqual({ ok: false, reason: 'out_of_range' });
  });

  it('mustParseUnits returns units or throws MoneyError with the reason', () => {
    expect(mustParseUnits('2.5')).toBe(250_000_000n);
    expect(() => mustParseUnits('1e5')).toThrow(MoneyError);
    expect(() => mustParseUnits('1.000000000')).toThrow(expect.objectContaining({ reason: 'too_many_decimals' }));
  });
});

describe('formatUnitsShort', () => {
  it.each([
    [1_000_000n, '0.01'],
    [500_000_000n, '5'],
    [10_000_000_000n, '100'],
    [-150_000_000n, '-1.5'],
    [1n, '0.00000001'],
    [0n, '0'],
  ])('%s -> %s', (units, text) => expect(formatUnitsShort(units)).toBe(text));
});

describe('formatUnits', () => {
  it.each([
    [123_450_000_000n, 8, '1234.50000000'],
    [123_450_000_000n, 4, '1234.5000'],
    [123_450_000_000n, 0, '1234'],
    [0n, 8, '0.00000000'],
    [-1n, 8, '-0.00000001'],
    [-123_450_000_000n, 2, '-1234.50'],
    [150_000_000n, 0, '2'], // half-even ties
    [250_000_000n, 0, '2'],
    [-250_000_000n, 0, '-2'],
    [-15_000n, 4, '-0.0002'],
    [-5_000n, 4, '0.0000'], // rounds to zero: no sign
    [-1n, 4, '0.0000'],
    [-49_999_999n, 0, '0'],
    [UNITS_MIN, 8, '-92233720368.54775808'],
  ])('formats %s with %i decimals as %j', (units, decimals, text) => {
    expect(formatUnits(units, decimals)).toBe(text);
  });

  it.each([9, -1, 1.5])('rejects decimals %s', (decimals) => {
    expect(() => formatUnits(1n, decimals)).toThrow(RangeError);
  });

  it('round-trips every in-range value through format then parse', () => {
    fc.assert(
      fc.property(anyUnits, (units) => {
        expect(parseUnits(formatUnits(units))).toEqual({ ok: true, units });
      }),
    );
  });

  it('round-trips every canonical 8-decimal string through parse then format', () => {
    const canonical = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 92_233_720_367n }), fc.stringMatching(/^\d{8}$/))
      .filter(([negative, int, frac]) => !(negative && int === 0n && frac === '00000000'))
      .map(([negative, int, frac]) => `${negative ? '-' : ''}${int}.${frac}`);
    fc.assert(
      fc.property(canonical, (text) => {
        expect(formatUnits(mustParseUnits(text))).toBe(text);
      }),
    );
  });
});

describe('no precision drift', () => {
  it('a sum of thousands of parsed decimal strings equals the digit-wise sum', () => {
    const term = fc.record({
      negative: fc.boolean(),
      int: fc.bigInt({ min: 0n, max: 1_000_000n }),
      frac: fc.stringMatching(/^\d{0,8}$/),
    });
    fc.assert(
      fc.property(fc.array(term, { minLength: 1000, maxLength: 3000 }), (terms) => {
        let parsedSum = 0n;
        // Reference: integer and fraction columns summed separately, then carried.
        let intSum = 0n;
        let fracSum = 0n;
        for (const { negative, int, frac } of terms) {
          const sign = negative ? -1n : 1n;
          parsedSum += mustParseUnits(`${negative ? '-' : ''}${int}${frac ? '.' + frac : ''}`);
          intSum += sign * int;
          fracSum += sign * BigInt(frac.padEnd(8, '0'));
        }
        expect(parsedSum).toBe(intSum * UNITS_PER_COIN + fracSum);
      }),
      { numRuns: 30 },
    );
  });
});

describe('divRound', () => {
  // Examples: [numerator, denominator, down, up, floor, ceil, half_even, half_up]
  it.each([
    [7n, 2n, 3n, 4n, 3n, 4n, 4n, 4n],
    [-7n, 2n, -3n, -4n, -4n, -3n, -4n, -4n],
    [7n, -2n, -3n, -4n, -4n, -3n, -4n, -4n],
    [-7n, -2n, 3n, 4n, 3n, 4n, 4n, 4n],
    [5n, 2n, 2n, 3n, 2n, 3n, 2n, 3n],
    [-5n, 2n, -2n, -3n, -3n, -2n, -2n, -3n],
    [7n, 3n, 2n, 3n, 2n, 3n, 2n, 2n],
    [-7n, 3n, -2n, -3n, -3n, -2n, -2n, -2n],
    [8n, 3n, 2n, 3n, 2n, 3n, 3n, 3n],
    [-8n, 3n, -2n, -3n, -3n, -2n, -3n, -3n],
    [6n, 3n, 2n, 2n, 2n, 2n, 2n, 2n],
    [-6n, 3n, -2n, -2n, -2n, -2n, -2n, -2n],
    [0n, 5n, 0n, 0n, 0n, 0n, 0n, 0n],
  ])('%s / %s', (n, d, ...expected) => {
    expect(MODES.map((mode) => divRound(n, d, mode))).toEqual(expected);
  });

  it('throws on a zero denominator', () => {
    expect(() => divRound(1n, 0n, 'down')).toThrow(RangeError);
  });

  it('lies within 1 of the exact quotient, on the side the mode promises', () => {
    const nonZero = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).filter((d) => d !== 0n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), nonZero, anyMode, (n, d, mode) => {
        const q = divRound(n, d, mode);
        // err = q - n/d scaled by |d|, so its sign is the direction and |err| < |d| means within 1.
        const err = (q * d - n) * (d < 0n ? -1n : 1n);
        expect(abs(err) < abs(d)).toBe(true);
        const towardZero = abs(q * d) <= abs(n);
        const tie = 2n * abs(err) === abs(d);
        switch (mode) {
          case 'down':
            expect(towardZero).toBe(true);
            break;
          case 'up':
            expect(abs(q * d) >= abs(n)).toBe(true);
            break;
          case 'floor':
            expect(err <= 0n).toBe(true);
            break;
          case 'ceil':
            expect(err >= 0n).toBe(true);
            break;
          case 'half_even':
            expect(2n * abs(err) <= abs(d)).toBe(true);
            if (tie) expect(q % 2n).toBe(0n);
            break;
          case 'half_up':
            expect(2n * abs(err) <= abs(d)).toBe(true);
            if (tie) expect(towardZero).toBe(false);
            break;
        }
      }),
    );
  });

  it('sends exact ties to the even neighbour (half_even) or away from zero (half_up)', () => {
    const half = fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 12n }));
    fc.assert(
      fc.property(half, ([k, m]) => {
        // (2k + 1)m / 2m = k + 0.5 exactly.
        const n = (2n * k + 1n) * m;
        const even = divRound(n, 2n * m, 'half_even');
        expect(even % 2n).toBe(0n);
        expect([k, k + 1n]).toContain(even);
        expect(divRound(n, 2n * m, 'half_up')).toBe(n < 0n ? k : k + 1n);
      }),
    );
  });
});

describe('unit arithmetic', () => {
  it('mulUnits, divUnits, percentOf and scaleByInteger compute in units', () => {
    expect(mulUnits(mustParseUnits('2.5'), mustParseUnits('0.3'), 'down')).toBe(mustParseUnits('0.75'));
    expect(mulUnits(1n, 1n, 'down')).toBe(0n);
    expect(mulUnits(1n, 1n, 'up')).toBe(1n);
    expect(mulUnits(-1n, 1n, 'floor')).toBe(-1n);
    expect(divUnits(mustParseUnits('1'), mustParseUnits('3'), 'down')).toBe(33_333_333n);
    expect(divUnits(mustParseUnits('1'), mustParseUnits('3'), 'up')).toBe(33_333_334n);
    expect(percentOf(mustParseUnits('200'), mustParseUnits('0.5'), 'up')).toBe(mustParseUnits('1'));
    expect(percentOf(1n, mustParseUnits('0.5'), 'up')).toBe(1n);
    expect(percentOf(1n, mustParseUnits('0.5'), 'down')).toBe(0n);
    expect(scaleByInteger(mustParseUnits('1.5'), 3n)).toBe(mustParseUnits('4.5'));
  });

  it('asserts the signed 64-bit range', () => {
    expect(assertUnitsInRange(UNITS_MAX)).toBe(UNITS_MAX);
    expect(assertUnitsInRange(UNITS_MIN)).toBe(UNITS_MIN);
    expect(() => assertUnitsInRange(UNITS_MAX + 1n)).toThrow(RangeError);
    expect(() => assertUnitsInRange(UNITS_MIN - 1n)).toThrow(RangeError);
    expect(() => mulUnits(UNITS_MAX, 2n * UNITS_PER_COIN, 'down')).toThrow(RangeError);
    expect(() => divUnits(UNITS_MAX, UNITS_PER_COIN / 2n, 'down')).toThrow(RangeError);
    expect(() => divUnits(1n, 0n, 'down')).toThrow(RangeError);
    expect(() => percentOf(UNITS_MAX, 200n * UNITS_PER_COIN, 'down')).toThrow(RangeError);
    expect(() => scaleByInteger(UNITS_MIN, -1n)).toThrow(RangeError);
  });

  it('never creates money when splitting a fee off an amount', () => {
    const rate = fc.bigInt({ min: 0n, max: 100n * UNITS_PER_COIN });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: UNITS_MAX }), rate, anyMode, (amount, percent, mode) => {
        const fee = percentOf(amount, percent, mode);
        const remainder = amount - fee;
        expect(fee).toBeGreaterThanOrEqual(0n);
        expect(remainder).toBeGreaterThanOrEqual(0n);
        expect(fee + remainder).toBe(amount);
      }),
    );
  });

  it('never creates money on a value → amount → value round trip', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 10n ** 4n, max: UNITS_MAX }),
        (value, price) => {
          expect(mulUnits(divUnits(value, price, 'down'), price, 'down')).toBeLessThanOrEqual(value);
        },
      ),
    );
  });
});
