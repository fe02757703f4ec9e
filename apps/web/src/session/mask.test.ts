import { describe, expect, it } from 'vitest';
import { maskAccount } from './mask';

describe('maskAccount', () => {
  it('masks an 11-digit phone number', () => {
    expect(maskAccount('13812345678')).toBe('138****5678');
  });

  it('masks other phone lengths the same way', () => {
    expect(maskAccount('0901234567')).toBe('090****4567');
    expect(maskAccount('447911123456')).toBe('447****3456');
  });

  it('leaves e-mail addresses and short or mixed values alone', () => {
    expect(maskAccount('trader@example.com')).toBe('trader@example.com');
    expect(maskAccount('123456789')).toBe('123456789');
    expect(maskAccount('138-1234-5678')).toBe('138-1234-5678');
    expect(maskAccount('')).toBe('');
  });
});
