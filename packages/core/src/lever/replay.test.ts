import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candle } from '../market/candle';
import { mustParseUnits as u } from '../money';
import { submitCommand, type Submit } from '../testing/lever';
import { createLeverBook, leverOrders, stepLever, type LeverBook } from './engine';
import { replayFromMs, ticksOfSecond } from './replay';
import type { LeverCommand, LeverEvent, LeverOrder, LeverPairConfig } from './types';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const config: LeverPairConfig = {
  pairId: 1n,
  currencyId: 3n,
  isOpen: true,
  multiples: [10],
  handsMin: 10,
  handsMax: 100,
  contractSizeUnits: u('0.01'),
  spreadPercentUnits: 0n,
  feePercentUnits: u('0.1'),
  maintenancePercentUnits: u('20'),
  stopRangeUnits: u('1000'),
  positionsPerUserMax: 1000,
  entrustsPerUserMax: 1000,
  priceMaxAgeMs: 3_600_000,
};

function step(book: LeverBook, command: LeverCommand, nowMs: number): { state: LeverBook; events: LeverEvent[] } {
  const result = stepLever(book, command, { nowMs });
  if ('rejection' in result) throw new Error(`unexpected rejection ${result.rejection}`);
  return result;
}
const tick = (priceUnits: bigint, atMs: number): LeverCommand => ({ type: 'tick', pairId: 1n, priceUnits, atMs });
const bar = (timeMs: number, open: string, high: string, low: string, close: string): Candle => ({
  timeMs,
  openUnits: u(open),
  highUnits: u(high),
  lowUnits: u(low),
  closeUnits: u(close),
  volumeUnits: 0n,
});
/** Replays recorded seconds through the book as a catch-up does; answers the book and every event. */
function replay(book: LeverBook, seconds: readonly Candle[], nowMs: number) {
  const events: LeverEvent[] = [];
  for (const second of seconds) {
    for (const t of ticksOfSecond(second)) {
      const result = step(book, tick(t.priceUnits, t.atMs), nowMs);
      book = result.state;
      events.push(...result.events);
    }
  }
  return { book, events };
}
const long = (orderId: bigint, takeProfit: string, stopLoss: string, over: Partial<Submit> = {}) =>
  submitCommand(orderId, { takeProfitUnits: takeProfit ? u(takeProfit) : 0n, stopLossUnits: stopLoss ? u(stopLoss) : 0n, ...over });

describe('lever replay: the prices of a recorded second', () => {
  it('comes as open, the low before the high on a rising second (the reverse on a falling one), close; repeats left out', () => {
    const at = (ticks: { priceUnits: bigint; atMs: number }[]) => ticks.map((t) => [t.priceUnits, t.atMs]);
    expect(at(ticksOfSecond(bar(T0, '100', '110', '95', '105')))).toEqual([
      [u('100'), T0],
      [u('95'), T0],
      [u('110'), T0],
      [u('105'), T0],
    ]);
    expect(at(ticksOfSecond(bar(T0, '100', '110', '95', '99')))).toEqual([
      [u('100'), T0],
      [u('110'), T0],
      [u('95'), T0],
      [u('99'), T0],
    ]);
    expect(at(ticksOfSecond(bar(T0, '100', '100', '100', '100')))).toEqual([[u('100'), T0]]);
  });
});

describe('lever replay: catch-up', () => {
  const opened = () => {
    let book = step(createLeverBook([config]), tick(u('30000'), T0), T0).state;
    book = step(book, long(1n, '30500', '29500'), T0).state;
    return book;
  };

  it('fires a take-profit the price crossed and left, at the first recorded price that crossed it', () => {
    const seconds = [bar(T0 + 1000, '30000', '30200', '30000', '30100'), bar(T0 + 2000, '30100', '30600', '30100', '30200'), bar(T0 + 3000, '30200', '30700', '30000', '30000')];
    const { book, events } = replay(opened(), seconds, T0 + 60_000);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'lever_order_closed', close: { reason: 'take_profit', closePriceUnits: u('30600'), closeTickAtMs: T0 + 2000, closedAtMs: T0 + 60_000 } });
    expect([...leverOrders(book)]).toEqual([]);
  });

  it('fires stops only on prices recorded after they were last set, and starts from the earliest armed trigger', () => {
    let book = opened();
    // the stop-loss moves at T0 + 5000 to 29900: the dip to 29800 at T0 + 3000 came before it
    book = step(book, { type: 'setstop', orderId: 1n, userId: 7n, takeProfitUnits: u('30500'), stopLossUnits: u('29900') }, T0 + 5000).state;
    const order = book.orders.get(1n)!;
    expect(order.stopsSetAtMs).toBe(T0 + 5000);
    expect(replayFromMs([order])).toBe(T0);
    const dipped = [bar(T0 + 3000, '30000', '30000', '29800', '30000')];
    expect(replay(book, dipped, T0 + 60_000).events).toEqual([]);
    const later = replay(book, [...dipped, bar(T0 + 6000, '30000', '30000', '29850', '29950')], T0 + 60_000);
    expect(later.events).toMatchObject([{ close: { reason: 'stop_loss', closePriceUnits: u('29850'), closeTickAtMs: T0 + 6000 } }]);
  });

  it('fills an entrust only on prices recorded after its submit', () => {
    let book = step(createLeverBook([config]), tick(u('30000'), T0 + 5000), T0 + 5000).state;
    book = step(book, long(2n, '', '', { entryMode: 0, limitPriceUnits: u('29900') }), T0 + 5000).state;
    // a fresh book (after a restart) replays from the earliest trigger: the dip before the submit must not fill it
    const restored = step(createLeverBook([config]), { type: 'restore', orders: [...leverOrders(book)] }, T0 + 60_000).state;
    const { events } = replay(restored, [bar(T0 + 1000, '30000', '30000', '29800', '30000'), bar(T0 + 7000, '30000', '30000', '29890', '30000')], T0 + 60_000);
    expect(events).toMatchObject([{ type: 'lever_order_filled', order: { id: 2n, openTickPriceUnits: u('29890'), openTickAtMs: T0 + 7000 } }]);
  });
});

describe('lever replay: property', () => {
  // positions with stops set at various times, a random walk of recorded seconds: each closes at
  // the first recorded price, at or after the time its trigger was armed, that reaches a trigger
  it('closes each position at the first armed recorded price that crosses one of its triggers', () => {
    const position = fc.record({
      takeProfitSteps: fc.integer({ min: 0, max: 9 }),
      stopLossSteps: fc.integer({ min: 0, max: 9 }),
      stopsSetAfter: fc.integer({ min: 0, max: 30 }),
    });
    const second = fc.record({ move: fc.integer({ min: -60, max: 60 }), up: fc.nat(40), down: fc.nat(40) });
    fc.assert(
      fc.property(fc.array(position, { minLength: 1, maxLength: 20 }), fc.array(second, { minLength: 1, maxLength: 40 }), (positions, path) => {
        const start = u('30000');
        const stepUnits = u('50');
        let book = step(createLeverBook([config]), tick(start, T0), T0).state;
        positions.forEach((p, i) => {
          const id = BigInt(i + 1);
          book = step(book, long(id, '', ''), T0).state;
          const takeProfitUnits = p.takeProfitSteps > 0 ? start + BigInt(p.takeProfitSteps) * stepUnits : 0n;
          const stopLossUnits = p.stopLossSteps > 0 ? start - BigInt(p.stopLossSteps) * stepUnits : 0n;
          book = step(book, { type: 'setstop', orderId: id, userId: 7n, takeProfitUnits, stopLossUnits }, T0 + p.stopsSetAfter * 1000).state;
        });
        const orders = [...leverOrders(book)];
        const seconds: Candle[] = [];
        let price = start;
        path.forEach((s, i) => {
          const open = price;
          const close = open + BigInt(s.move) * u('10');
          const high = (open > close ? open : close) + BigInt(s.up) * u('10');
          const low = (open < close ? open : close) - BigInt(s.down) * u('10');
          seconds.push({ timeMs: T0 + (i + 1) * 1000, openUnits: open, highUnits: high, lowUnits: low > 0n ? low : 1n, closeUnits: close > 0n ? close : 1n, volumeUnits: 0n });
          price = close > 0n ? close : 1n;
        });
        const { events } = replay(book, seconds, T0 + 3_600_000);
        const ticks = seconds.flatMap(ticksOfSecond);
        for (const order of orders) {
          const expected = firstCrossing(order, ticks);
          const closes = events.filter((e) => e.type === 'lever_order_closed' && e.order.id === order.id);
          if (!expected) {
            expect(closes).toEqual([]);
            continue;
          }
          expect(closes).toHaveLength(1);
          expect(closes[0]).toMatchObject({ close: { closePriceUnits: expected.priceUnits, closeTickAtMs: expected.atMs } });
        }
      }),
    );
  });
});

/** The brute-force answer: the first tick, at or after each trigger's arming, that reaches it. */
function firstCrossing(order: LeverOrder, ticks: readonly { priceUnits: bigint; atMs: number }[]) {
  const openedAtMs = order.openTickAtMs!;
  const stopsFrom = Math.max(openedAtMs, order.stopsSetAtMs);
  return ticks.find(
    (t) =>
      (t.atMs >= openedAtMs && order.liquidationPriceUnits > 0n && t.priceUnits <= order.liquidationPriceUnits) ||
      (t.atMs >= stopsFrom && order.takeProfitUnits > 0n && t.priceUnits >= order.takeProfitUnits) ||
      (t.atMs >= stopsFrom && order.stopLossUnits > 0n && t.priceUnits <= order.stopLossUnits),
  );
}
