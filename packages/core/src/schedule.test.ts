import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueAtOrBefore, nextDueMs, scheduleProblem, type TimedSchedule } from './schedule';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// 08:00 in Beijing time is 00:00 UTC
const BEIJING_8AM: TimedSchedule = { daily: { hour: 8, minute: 0, utcOffsetMinutes: 8 * 60 } };
const HOURLY: TimedSchedule = { every: HOUR_MS };
const at = (iso: string) => Date.parse(iso);

describe('a daily schedule in a fixed UTC offset', () => {
  it('falls due at its time of day in that offset', () => {
    expect(dueAtOrBefore(BEIJING_8AM, at('2030-01-15T12:34:00Z'))).toBe(at('2030-01-15T00:00:00Z'));
    expect(dueAtOrBefore(BEIJING_8AM, at('2030-01-15T00:00:00Z'))).toBe(at('2030-01-15T00:00:00Z'));
    expect(dueAtOrBefore(BEIJING_8AM, at('2030-01-14T23:59:59Z'))).toBe(at('2030-01-14T00:00:00Z'));
    const newYork = { daily: { hour: 17, minute: 30, utcOffsetMinutes: -5 * 60 } };
    expect(dueAtOrBefore(newYork, at('2030-01-15T12:00:00Z'))).toBe(at('2030-01-14T22:30:00Z'));
  });

  it('runs every day it missed, oldest first, then waits for the next', () => {
    const now = at('2030-01-17T03:00:00Z');
    const done: number[] = [];
    let last: number | undefined = at('2030-01-14T00:00:00Z');
    for (let due = nextDueMs(BEIJING_8AM, last, now); due <= now; due = nextDueMs(BEIJING_8AM, last, now)) done.push((last = due));
    expect(done).toEqual([at('2030-01-15T00:00:00Z'), at('2030-01-16T00:00:00Z'), at('2030-01-17T00:00:00Z')]);
    expect(nextDueMs(BEIJING_8AM, last, now)).toBe(at('2030-01-18T00:00:00Z'));
  });

  it('starts with its latest due time', () => {
    expect(nextDueMs(BEIJING_8AM, undefined, at('2030-01-17T03:00:00Z'))).toBe(at('2030-01-17T00:00:00Z'));
  });

  it('visits each day once, in order, however the checks fall', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 3 * DAY_MS }), { minLength: 1, maxLength: 30 }), (steps) => {
        let now = at('2030-01-01T00:00:00Z');
        let last: number | undefined = dueAtOrBefore(BEIJING_8AM, now);
        const first = last;
        for (const step of steps) {
          now += step;
          for (let due = nextDueMs(BEIJING_8AM, last, now); due <= now; due = nextDueMs(BEIJING_8AM, last, now)) {
            expect(due).toBe(last + DAY_MS);
            last = due;
          }
        }
        expect(last).toBe(dueAtOrBefore(BEIJING_8AM, now));
        expect((last - first) % DAY_MS).toBe(0);
      }),
    );
  });
});

describe('an interval', () => {
  it('falls due on the multiples of its length and runs once after an outage', () => {
    const now = at('2030-01-15T12:34:00Z');
    expect(nextDueMs(HOURLY, undefined, now)).toBe(at('2030-01-15T12:00:00Z'));
    expect(nextDueMs(HOURLY, at('2030-01-15T12:00:00Z'), now)).toBe(at('2030-01-15T13:00:00Z'));
    // ten hours missed: the latest due time alone
    expect(nextDueMs(HOURLY, at('2030-01-15T02:00:00Z'), now)).toBe(at('2030-01-15T12:00:00Z'));
  });
});

describe('a declaration', () => {
  it('names what cannot be kept', () => {
    expect(scheduleProblem(HOURLY)).toBeUndefined();
    expect(scheduleProblem(BEIJING_8AM)).toBeUndefined();
    expect(scheduleProblem({ every: 0 })).toMatch(/every 0/);
    expect(scheduleProblem({ every: 1.5 })).toMatch(/every 1.5/);
    expect(scheduleProblem({ daily: { hour: 24, minute: 0, utcOffsetMinutes: 0 } })).toMatch(/time of day/);
    expect(scheduleProblem({ daily: { hour: 8, minute: 0, utcOffsetMinutes: 15 * 60 } })).toMatch(/offset/);
  });
});
