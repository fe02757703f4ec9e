import { describe, expect, it } from 'vitest';
import { SeqTracker } from './seq';

describe('SeqTracker', () => {
  it('accepts the first event, then only the next number', () => {
    const tracker = new SeqTracker();
    expect(tracker.check('market_detail', 41)).toBe('first');
    expect(tracker.check('market_detail', 42)).toBe('next');
    expect(tracker.check('market_detail', 44)).toBe('gap');
    // the event after a gap is the new baseline
    expect(tracker.check('market_detail', 45)).toBe('next');
  });

  it('treats a repeated or restarted counter as a gap', () => {
    const tracker = new SeqTracker();
    tracker.check('kline', 10);
    expect(tracker.check('kline', 10)).toBe('gap');
    expect(tracker.check('kline', 1)).toBe('gap');
  });

  it('keeps streams apart and forgets them on reset', () => {
    const tracker = new SeqTracker();
    tracker.check('market_detail', 5);
    expect(tracker.check('kline', 9)).toBe('first');
    tracker.reset('kline');
    expect(tracker.check('kline', 20)).toBe('first');
    expect(tracker.check('market_detail', 6)).toBe('next');
    tracker.reset();
    expect(tracker.check('market_detail', 99)).toBe('first');
  });
});
