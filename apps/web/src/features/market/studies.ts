/** Chart studies. They work on numbers because they only feed the chart, never a balance. */

/** The 10/20 cross study's name in the legend beside its dots: a cross of two averages, not a buy or sell signal. */
export const CROSS_LABEL = 'MA10×MA20';

/** The studies: MA 15, and MA 10 against MA 20 whose crossings are marked. */
export const STUDY_LINES = [
  { name: 'MA15', length: 15, color: '#c99dff' },
  { name: 'MA10', length: 10, color: '#4ea1ff' },
  { name: 'MA20', length: 20, color: '#f5a623' },
] as const;

/** The simple moving average of `length` values ending at each index; undefined until there are enough. */
export function movingAverage(values: readonly number[], length: number): (number | undefined)[] {
  const averages: (number | undefined)[] = [];
  let sum = 0;
  values.forEach((value, index) => {
    sum += value;
    if (index >= length) sum -= values[index - length]!;
    averages.push(index >= length - 1 ? sum / length : undefined);
  });
  return averages;
}

export type Cross = { index: number; direction: 'up' | 'down' };

/**
 * Where the fast line crosses the slow one: 'up' when it rises above it (golden cross), 'down'
 * when it falls below. Touching without crossing is not a cross: the side is kept until it flips.
 */
export function crossings(fast: readonly (number | undefined)[], slow: readonly (number | undefined)[]): Cross[] {
  const found: Cross[] = [];
  let side = 0;
  fast.forEach((f, index) => {
    const s = slow[index];
    if (f === undefined || s === undefined || f === s) return;
    const now = f > s ? 1 : -1;
    if (side !== 0 && now !== side) found.push({ index, direction: now > 0 ? 'up' : 'down' });
    side = now;
  });
  return found;
}
