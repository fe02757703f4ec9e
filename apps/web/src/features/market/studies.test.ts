import { describe, expect, it } from 'vitest';
import { crossings, movingAverage } from './studies';

describe('movingAverage', () => {
  it('averages the last n values once there are n', () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([undefined, undefined, 2, 3, 4]);
    expect(movingAverage([4], 1)).toEqual([4]);
    expect(movingAverage([1, 2], 5)).toEqual([undefined, undefined]);
  });
});

describe('crossings', () => {
  it('marks the bar where the fast line goes above or below the slow one', () => {
    const fast = [undefined, 1, 2, 4, 3, 1];
    const slow = [undefined, 2, 3, 3, 3, 2];
    expect(crossings(fast, slow)).toEqual([
      { index: 3, direction: 'up' },
      { index: 5, direction: 'down' },
    ]);
  });

  it('does not count a touch, nor the first bar with both lines', () => {
    expect(crossings([5, 3, 3, 2], [1, 3, 3, 1])).toEqual([]);
    expect(crossings([1, 3, 5], [2, 3, 4])).toEqual([{ index: 2, direction: 'up' }]);
  });
});
