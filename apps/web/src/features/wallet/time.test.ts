// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { chartZone } from '../market/chartZone';
import { formatShortTime, formatTime } from './time';

describe('record times', () => {
  it('shows a time in the trader’s chosen zone, with the year or (short) without, so a list and its record agree', () => {
    const at = Date.UTC(2026, 10, 28, 18, 41, 56);
    chartZone.set('Asia/Shanghai');
    expect(formatTime(at)).toMatch(/2026/);
    expect(formatTime(at)).toMatch(/29.*02:41:56/);
    expect(formatShortTime(at)).toMatch(/29.*02:41:56/);
    expect(formatShortTime(at)).not.toMatch(/2026/);
    chartZone.set('UTC');
    expect(formatShortTime(at)).toMatch(/28.*18:41:56/);
  });
});
