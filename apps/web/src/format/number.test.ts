import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_INFO } from '../i18n/language';
import {
  decimalsOf,
  formatAmount,
  formatChange,
  formatDecimal,
  formatExact,
  formatPrice,
  formatValuation,
  localize,
  stepOfDecimals,
  toStep,
  trendOf,
} from './number';

const EN = 'en';

describe('decimalsOf', () => {
  it.each([
    ['0.01', 2],
    ['0.0001', 4],
    ['0.5', 1],
    ['5', 0],
    ['0.00000001', 8],
    ['nonsense', 4],
    ['0', 4],
  ])('%s has %i decimals', (step, decimals) => expect(decimalsOf(step)).toBe(decimals));

  it('round-trips with stepOfDecimals', () => {
    for (let d = 0; d <= 8; d++) expect(decimalsOf(stepOfDecimals(d))).toBe(d);
  });
});

describe('prices to the tick', () => {
  it('rounds to the nearest tick and pads to its decimals', () => {
    expect(formatPrice('67047', '0.01', EN)).toBe('67,047.00');
    expect(formatPrice('67047.004999', '0.01', EN)).toBe('67,047.00');
    expect(formatPrice('67047.006', '0.01', EN)).toBe('67,047.01');
    expect(formatPrice('0.6123456', '0.0001', EN)).toBe('0.6123');
    expect(formatPrice('0.15', '0.00001', EN)).toBe('0.15000');
  });

  it('rounds to ticks that are not powers of ten', () => {
    expect(formatPrice('100.26', '0.5', EN)).toBe('100.5');
    expect(formatPrice('100.24', '0.5', EN)).toBe('100.0');
  });

  it('takes the spec default of 4 decimals for a missing tick', () => {
    expect(formatPrice('1.23456', '', EN)).toBe('1.2346');
  });
});

describe('amounts to the step', () => {
  it('cuts, never showing more than there is', () => {
    expect(formatAmount('1.23459', '0.0001', EN)).toBe('1.2345');
    expect(formatAmount('12', '1', EN)).toBe('12');
    expect(formatAmount('1234567.5', '0.01', EN)).toBe('1,234,567.50');
  });
});

describe('valuations', () => {
  it('shows USDT to cents, grouped', () => {
    expect(formatValuation('304263.20000000', EN)).toBe('304,263.20');
    expect(formatValuation('0', EN)).toBe('0.00');
  });
});

describe('never a non-zero shown as zero', () => {
  it('shows the digits a small value needs', () => {
    expect(formatAmount('0.00012345', '0.01', EN)).toBe('0.00012345');
    expect(formatValuation('0.004', EN)).toBe('0.004');
    expect(formatPrice('0.00000001', '0.01', EN)).toBe('0.00000001');
    expect(formatAmount('-0.00012345', '0.01', EN)).toBe('-0.00012345');
  });

  it('holds for every value, step and locale (property)', () => {
    const locales = Object.values(LANGUAGE_INFO).map((info) => info.tag);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(...locales),
        fc.constantFrom('down' as const, 'half_even' as const),
        (units, decimals, locale, rounding) => {
          const text = `${units < 0n ? '-' : ''}${(units < 0n ? -units : units) / 10n ** 8n}.${((units < 0n ? -units : units) % 10n ** 8n).toString().padStart(8, '0')}`;
          const shown = formatDecimal(text, locale, { step: stepOfDecimals(decimals), rounding });
          expect(/[1-9]/.test(shown)).toBe(units !== 0n);
          expect(shown.startsWith('-')).toBe(units < 0n);
        },
      ),
    );
  });
});

describe('grouping by locale', () => {
  it('uses each language’s separators on exact digits', () => {
    expect(localize('1234567.891', 'en')).toBe('1,234,567.891');
    expect(localize('1234567.891', 'zh-CN')).toBe('1,234,567.891');
    expect(localize('1234567.891', 'ja')).toBe('1,234,567.891');
    expect(localize('1234567.891', 'es')).toBe('1.234.567,891');
    expect(localize('-1234567.5', 'es')).toBe('-1.234.567,5');
  });

  it('keeps digits a float would lose', () => {
    expect(localize('92233720368.54775807', 'en')).toBe('92,233,720,368.54775807');
    expect(formatAmount('92233720368.54775807', '0.00000001', 'en')).toBe('92,233,720,368.54775807');
  });
});

describe('toStep', () => {
  it('gives a plain decimal for inputs, without grouping', () => {
    expect(toStep('67047.126', '0.01')).toBe('67047.13');
    expect(toStep('67047.19', '0.1', 'floor')).toBe('67047.1');
    expect(toStep('oops', '0.1')).toBe('oops');
  });
});

describe('exact ledger amounts', () => {
  it('shows at least the minimum places and every digit, signed on request', () => {
    expect(formatExact('0.00012345', 2, EN)).toBe('0.00012345');
    expect(formatExact('-0.00012345', 2, EN, { signed: true })).toBe('-0.00012345');
    expect(formatExact('12.5', 2, EN, { signed: true })).toBe('+12.50');
    expect(formatExact('0', 2, EN, { signed: true })).toBe('0.00');
  });
});

describe('change percents', () => {
  it('signs the shown percent and gives its direction', () => {
    expect(formatChange('1.23', EN)).toEqual({ text: '+1.23%', trend: 'up' });
    expect(formatChange('-0.5', EN)).toEqual({ text: '-0.50%', trend: 'down' });
    expect(formatChange('0', EN)).toEqual({ text: '0.00%', trend: 'flat' });
    expect(formatChange('-0.001', EN)).toEqual({ text: '0.00%', trend: 'flat' });
    expect(formatChange('+1.5', 'es')).toEqual({ text: '+1,50%', trend: 'up' });
  });

  it('reads the direction of a decimal string', () => {
    expect(trendOf('1.23')).toBe('up');
    expect(trendOf('-0.50')).toBe('down');
    expect(trendOf('-0.00')).toBe('flat');
  });
});
