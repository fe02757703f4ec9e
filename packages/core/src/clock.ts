/** Milliseconds since the epoch. The one source of time: the server makes one and passes it on. */
export type Clock = () => number;

/** A clock that moves only when told to: tests drive time with it instead of sleeping. */
export interface ManualClock extends Clock {
  /** moves time forward by `ms` */
  advance(ms: number): void;
  /** sets the time */
  set(nowMs: number): void;
}

export function manualClock(startMs: number): ManualClock {
  let nowMs = startMs;
  const clock = (() => nowMs) as ManualClock;
  clock.advance = (ms) => {
    if (ms < 0) throw new Error('a clock never goes back');
    nowMs += ms;
  };
  clock.set = (next) => {
    nowMs = next;
  };
  return clock;
}
