import { describe, expect, it } from 'vitest';
import { offsetLabel, zoneOffsetMs } from './zone';

const HOUR = 3_600_000;

describe('chart time zone', () => {
  it('knows how far a zone is ahead of UTC, daylight saving included', () => {
    const winter = Date.UTC(2025, 0, 15, 12, 30, 15, 250);
    const summer = Date.UTC(2025, 6, 15, 12, 30, 15, 250);
    expect(zoneOffsetMs('Asia/Shanghai', winter)).toBe(8 * HOUR);
    expect(zoneOffsetMs('UTC', winter)).toBe(0);
    expect(zoneOffsetMs('America/New_York', winter)).toBe(-5 * HOUR);
    expect(zoneOffsetMs('America/New_York', summer)).toBe(-4 * HOUR);
    expect(zoneOffsetMs('Asia/Kolkata', summer)).toBe(5.5 * HOUR);
  });

  it('labels the offset shown beside times', () => {
    const winter = Date.UTC(2025, 0, 15, 12);
    const summer = Date.UTC(2025, 6, 15, 12);
    expect(offsetLabel('Asia/Shanghai', winter)).toBe('UTC+08:00');
    expect(offsetLabel('America/New_York', winter)).toBe('UTC-05:00');
    expect(offsetLabel('America/New_York', summer)).toBe('UTC-04:00');
    expect(offsetLabel('Asia/Kolkata', winter)).toBe('UTC+05:30');
    expect(offsetLabel('UTC', winter)).toBe('UTC');
  });
});
