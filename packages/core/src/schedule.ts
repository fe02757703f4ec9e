/**
 * When a job on the clock falls due: `every` an interval, its due times the multiples of it since
 * the epoch (so every leader counts the same ones), or `daily` at a time of day in a fixed UTC
 * offset (08:00 in UTC+8 is 00:00 UTC). Pure: what ran is the server's to keep.
 */
export type TimedSchedule = { every: number } | { daily: { hour: number; minute: number; utcOffsetMinutes: number } };

const DAY_MS = 86_400_000;
/** the widest offsets in use (UTC-12 to UTC+14) */
const OFFSET_MINUTES_MAX = 14 * 60;

/** The due times are phase + k * period. */
function grid(schedule: TimedSchedule): { periodMs: number; phaseMs: number } {
  if ('every' in schedule) return { periodMs: schedule.every, phaseMs: 0 };
  const { hour, minute, utcOffsetMinutes } = schedule.daily;
  return { periodMs: DAY_MS, phaseMs: (hour * 60 + minute - utcOffsetMinutes) * 60_000 };
}

/** Why a schedule cannot be kept (a declaration's mistake), or undefined. */
export function scheduleProblem(schedule: TimedSchedule): string | undefined {
  if ('every' in schedule) return Number.isSafeInteger(schedule.every) && schedule.every > 0 ? undefined : `every ${schedule.every}: not a whole number of ms above 0`;
  const { hour, minute, utcOffsetMinutes } = schedule.daily;
  const within = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;
  if (!within(hour, 0, 23) || !within(minute, 0, 59)) return `daily at ${hour}:${minute}: not a time of day`;
  if (!within(utcOffsetMinutes, -OFFSET_MINUTES_MAX, OFFSET_MINUTES_MAX)) return `UTC offset of ${utcOffsetMinutes} minutes: not an offset in use`;
  return undefined;
}

/** The latest due time at or before `atMs`. */
export function dueAtOrBefore(schedule: TimedSchedule, atMs: number): number {
  const { periodMs, phaseMs } = grid(schedule);
  return Math.floor((atMs - phaseMs) / periodMs) * periodMs + phaseMs;
}

/**
 * The due time a job runs next, given the latest one it finished (undefined: none yet); one at or
 * before `nowMs` is due now. An interval job that missed some runs once, for the latest due time;
 * a daily job runs every day it missed, oldest first. A job new to the schedule starts with its
 * latest due time.
 */
export function nextDueMs(schedule: TimedSchedule, doneMs: number | undefined, nowMs: number): number {
  const latest = dueAtOrBefore(schedule, nowMs);
  if (doneMs === undefined) return latest;
  const afterDone = dueAtOrBefore(schedule, doneMs) + grid(schedule).periodMs;
  return 'every' in schedule ? Math.max(latest, afterDone) : afterDone;
}
