import { describe, expect, it } from 'vitest';
import { fixedDecimal, formatChange, trendOf } from './decimal';

describe('fixedDecimal', () => {
  it('pads short fractions and integers', () => {
    expect(fixedDecimal('67000', 4)).toBe('67000.0000');
    expect(fixedDecimal('1.5', 4)).toBe('1.5000');
  });

  it('cuts long fractions without rounding', () => {
    expect(fixedDecimal('0.123456789', 4)).toBe('0.1234');
    expect(fixedDecimal('9.99999', 2)).toBe('9.99');
  });

  it('keeps the sign except on zero', () => {
    expect(fixedDecimal('-0.50', 2)).toBe('-0.50');
    expect(fixedDecimal('-0.001', 2)).toBe('0.00');
  });

  it('handles zero places and leaves non-decimals alone', () => {
    expect(fixedDecimal('12.9', 0)).toBe('12');
    expect(fixedDecimal('n/a', 4)).toBe('n/a');
  });
});

describe('formatChange', () => {
  it('signs the shown percent and gives its direction', () => {
    expect(formatChange('1.23')).toEqual({ text: '+1.23%', trend: 'up' });
    expect(formatChange('-0.5')).toEqual({ text: '-0.50%', trend: 'down' });
    expect(formatChange('0')).toEqual({ text: '0.00%', trend: 'flat' });
    // Too small to show is shown, and coloured, as no change.
    expect(formatChange('-0.001')).toEqual({ text: '0.00%', trend: 'flat' });
  });

  it('reads the direction of a decimal string', () => {
    expect(trendOf('1.23')).toBe('up');
    expect(trendOf('-0.50')).toBe('down');
    expect(trendOf('0.00')).toBe('flat');
    expect(trendOf('-0.00')).toBe('flat');
  });
});
