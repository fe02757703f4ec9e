import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveBars } from './liveBars';

const bar = (timeMs: number, close: number) => ({ timeMs, close });

describe('LiveBars', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('draws the first bar at once, then what came meanwhile once per gap, the latest state of each bar', () => {
    const drawn: { timeMs: number; close: number }[][] = [];
    const live = new LiveBars<{ timeMs: number; close: number }>((bars) => drawn.push(bars), 1000);
    live.push(bar(60_000, 1));
    expect(drawn).toEqual([[bar(60_000, 1)]]);
    live.push(bar(60_000, 2));
    live.push(bar(60_000, 3));
    live.push(bar(120_000, 4));
    expect(drawn).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(drawn).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(drawn[1]).toEqual([bar(60_000, 3), bar(120_000, 4)]);
    // a quiet gap: the next bar is drawn at once again
    vi.advanceTimersByTime(1000);
    live.push(bar(120_000, 5));
    expect(drawn[2]).toEqual([bar(120_000, 5)]);
  });

  it('never draws bars dropped or held when stopped', () => {
    const draw = vi.fn();
    const live = new LiveBars(draw, 1000);
    live.push(bar(60_000, 1));
    live.push(bar(60_000, 2));
    live.drop();
    vi.advanceTimersByTime(1000);
    live.push(bar(60_000, 3));
    live.stop();
    vi.advanceTimersByTime(5000);
    expect(draw.mock.calls.map(([bars]) => bars)).toEqual([[bar(60_000, 1)], [bar(60_000, 3)]]);
  });
});
