// Catch-up from the recorded prices: while no engine ran, the price may have crossed a trigger and
// come back. The recorded one-second bars are replayed through `stepLever` in time order, so each
// trigger fires at the first recorded price that crosses it; `armedAtMs` keeps a price recorded
// before an order (or its stops) existed from firing it.
import type { Candle } from '../market/candle';
import { armedAtMs, triggersOf } from './triggers';
import type { LeverOrder, LeverTick } from './types';

/**
 * The prices of a recorded second in the order they most likely came: open, then the extreme
 * nearer the open's side of the bar's move first (a rising bar dips to its low before its high, a
 * falling one the reverse), then close; each at the second's start, the earliest any of them can
 * have been traded. Repeats of a price are left out: they cross nothing new.
 */
export function ticksOfSecond(bar: Candle): LeverTick[] {
  const extremes = bar.closeUnits >= bar.openUnits ? [bar.lowUnits, bar.highUnits] : [bar.highUnits, bar.lowUnits];
  const ticks: LeverTick[] = [];
  for (const priceUnits of [bar.openUnits, ...extremes, bar.closeUnits]) {
    if (ticks.at(-1)?.priceUnits !== priceUnits) ticks.push({ priceUnits, atMs: bar.timeMs });
  }
  return ticks;
}

/** The earliest time any of these orders' triggers may fire: a replay starts there (null: none). */
export function replayFromMs(orders: Iterable<LeverOrder>): number | null {
  let from: number | null = null;
  for (const order of orders) {
    for (const { key } of triggersOf(order)) {
      const at = armedAtMs(order, key.kind);
      if (from === null || at < from) from = at;
    }
  }
  return from;
}
