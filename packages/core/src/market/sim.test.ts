import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mustParseUnits } from '../money';
import { backfillCandles, backfillStartsMs } from './backfill';
import { assertCandle, rollUp } from './candle';
import { STORED_PERIODS, bucketStartMs } from './period';
import { createRng } from './rng';
import { stepSim, type SimEvent, type SimState } from './sim';

const NOW_MS = Date.UTC(2025, 5, 1, 12, 34, 56);

/** A tick of about 1/100,000 of the price (67000 -> 0.1, 0.15 -> 0.000001): fine enough to move every step. */
function tickFor(priceUnits: bigint): bigint {
  const digits = priceUnits.toString().length;
  return digits > 5 ? 10n ** BigInt(digits - 6) : 1n;
}

function initial(price: string, pairId = 2): SimState {
  const p = mustParseUnits(price);
  return { pairs: [{ pairId, referencePriceUnits: p, priceUnits: p, tickUnits: tickFor(p) }] };
}

function run(seed: number, steps: number, state = initial('67000'), stepMs = 250) {
  const rng = createRng(seed);
  const events: SimEvent[] = [];
  for (let i = 0; i < steps; i++) {
    const out = stepSim(state, { stepMs }, { nowMs: NOW_MS + i * stepMs, rng });
    state = out.state;
    events.push(...out.events);
  }
  return { state, events };
}

describe('simulated feed', () => {
  it('is the same path for the same seed and another for another seed', () => {
    expect(run(42, 200)).toEqual(run(42, 200));
    expect(run(43, 200).state).not.toEqual(run(42, 200).state);
  });

  it('trades between its own best bid and ask, on the tick, and stays near the reference', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom('67000', '3500', '0.15', '0.6'), (seed, price) => {
        const { events } = run(seed, 400, initial(price));
        const reference = mustParseUnits(price);
        const tick = tickFor(reference);
        let last = reference;
        for (const event of events) {
          if (event.kind === 'trades') {
            expect(event.trades.length).toBeGreaterThan(0);
            for (const t of event.trades) {
              expect(t.priceUnits % tick).toBe(0n);
              expect(t.amountUnits).toBeGreaterThan(0n);
              last = t.priceUnits;
            }
          } else {
            expect(event.depth.bids[0]![0]).toBeLessThan(last);
            expect(event.depth.asks[0]![0]).toBeGreaterThan(last);
          }
        }
        // 100 seconds at ~65%/year volatility moves a price by well under 2%
        expect(last * 100n).toBeGreaterThan(reference * 98n);
        expect(last * 100n).toBeLessThan(reference * 102n);
      }),
      { numRuns: 30 },
    );
  });
});

describe('back-filled history', () => {
  const reference = mustParseUnits('67000');
  const history = backfillCandles(reference, tickFor(reference), NOW_MS, createRng(7));

  it('ends at the reference price just before now, with well-formed bars', () => {
    expect(history['1min'].at(-1)).toMatchObject({ timeMs: bucketStartMs('1min', NOW_MS) - 60_000, closeUnits: reference });
    for (const bars of Object.values(history)) {
      for (const c of bars) assertCandle(c);
      for (let i = 1; i < bars.length; i++) expect(bars[i]!.timeMs).toBeGreaterThan(bars[i - 1]!.timeMs);
    }
  });

  it('agrees between stored periods where they overlap', () => {
    const fromMinutes = rollUp(history['1min'], '60min');
    expect(history['60min'].slice(-fromMinutes.length)).toEqual(fromMinutes);
    const fromHours = rollUp(history['60min'], '1day');
    expect(history['1day'].slice(-fromHours.length)).toEqual(fromHours);
  });

  it('reaches back far enough for a monthly chart and stays in a believable range', () => {
    expect(history['1day'][0]!.timeMs).toBeLessThan(NOW_MS - 3 * 365 * 24 * 3600_000 + 90 * 24 * 3600_000);
    for (const c of history['1day']) {
      expect(c.lowUnits * 10n).toBeGreaterThan(reference);
      expect(c.highUnits).toBeLessThan(reference * 10n);
    }
  });

  it('starts each stored period where backfillStartsMs says', () => {
    const starts = backfillStartsMs(NOW_MS);
    for (const period of STORED_PERIODS) expect(history[period][0]!.timeMs).toBe(starts[period]);
  });

  it('is the same history for the same seed', () => {
    expect(backfillCandles(reference, tickFor(reference), NOW_MS, createRng(7))).toEqual(history);
  });
});

describe('volume of live trading and of back-filled bars', () => {
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

  it('trades about as much a minute live as a back-filled minute bar holds, whatever the step', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom('67000', '3500', '0.15'), fc.constantFrom(100, 250, 1000), (seed, price, stepMs) => {
        const minutes = 5;
        const { events } = run(seed, (minutes * 60_000) / stepMs, initial(price), stepMs);
        const livePerMinute = sum(events.flatMap((e) => (e.kind === 'trades' ? e.trades.map((t) => t.amountUnits) : []))) / BigInt(minutes);
        const reference = mustParseUnits(price);
        const bars = backfillCandles(reference, tickFor(reference), NOW_MS, createRng(seed))['1min'];
        const backfilledPerMinute = sum(bars.map((c) => c.volumeUnits)) / BigInt(bars.length);
        expect(livePerMinute * 2n).toBeGreaterThan(backfilledPerMinute);
        expect(backfilledPerMinute * 2n).toBeGreaterThan(livePerMinute);
      }),
      { numRuns: 20 },
    );
  });
});
