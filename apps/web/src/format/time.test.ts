// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { chartZone } from '../features/market/chartZone';
import { formatClock, formatShortTime, formatTime } from './time';

describe('times', () => {
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

  it('shows a trade’s time of day in the same zone', () => {
    chartZone.set('Asia/Shanghai');
    expect(formatClock(Date.UTC(2025, 0, 15, 20, 5, 9))).toBe('04:05:09');
  });
});
