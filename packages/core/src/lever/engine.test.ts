import { describe, expect, it } from 'vitest';
import { checkPostings } from '../ledger';
import { mustParseUnits as u } from '../money';
import { checkLeverSubmit, closeReasonOf, createLeverBook, leverOrder, leverOrders, stepLever, type LeverBook } from './engine';
import { firedAt, triggerCount } from './triggers';
import { submitCommand as submit, type Submit } from '../testing/lever';
import type { LeverCommand, LeverEvent, LeverPairConfig } from './types';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const config: LeverPairConfig = {
  pairId: 1n,
  currencyId: 3n,
  isOpen: true,
  multiples: [5, 10, 20, 50, 100],
  handsMin: 10,
  handsMax: 100,
  contractSizeUnits: u('0.01'),
  spreadPercentUnits: u('0.1'),
  feePercentUnits: u('0.2'),
  maintenancePercentUnits: u('20'),
  stopRangeUnits: u('1000'),
  positionsPerUserMax: 3,
  entrustsPerUserMax: 2,
  priceMaxAgeMs: 10_000,
};

function step(book: LeverBook, command: LeverCommand, nowMs = T0): { state: LeverBook; events: LeverEvent[] } {
  const result = stepLever(book, command, { nowMs });
  if ('rejection' in result) throw new Error(`unexpected rejection ${result.rejection}`);
  for (const event of result.events) if ('postings' in event) expect(checkPostings(event.postings)).toEqual({ ok: true });
  return result;
}
const rejection = (book: LeverBook, command: LeverCommand, nowMs = T0) => {
  const result = stepLever(book, command, { nowMs });
  return 'rejection' in result ? result.rejection : null;
};
const tick = (price: string, atMs = T0): LeverCommand => ({ type: 'tick', pairId: 1n, priceUnits: u(price), atMs });
const priced = (price = '30000') => step(createLeverBook([config]), tick(price)).state;

describe('lever engine: submit', () => {
  it('opens a market long at the current price plus spread, freezing margin and paying the fee', () => {
    const { state: book, events } = step(priced(), submit(1n, { takeProfitUnits: u('30500'), stopLossUnits: u('29500') }));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.type).toBe('lever_order_opened');
    const order = leverOrder(book, 1n)!;
    expect(order).toMatchObject({
      status: 1,
      originPriceUnits: u('30000'),
      openPriceUnits: u('30030'),
      quantityUnits: u('0.1'),
      valueUnits: u('3003'),
      marginUnits: u('300.3'),
      feeUnits: u('6.006'),
      maintenanceMarginUnits: u('60.06'),
      liquidationPriceUnits: u('27627.60000005'),
      openedAtMs: T0,
      openTickPriceUnits: u('30000'),
      openTickAtMs: T0,
    });
    expect(event?.type === 'lever_order_opened' && event.postings.map((p) => [p.account, p.bucket, p.deltaUnits])).toEqual([
      [{ owner: 7n }, 'available', -u('300.3')],
      [{ owner: 7n }, 'frozen', u('300.3')],
      [{ owner: 7n }, 'available', -u('6.006')],
      [{ system: 'fees' }, 'available', u('6.006')],
    ]);
    // liquidation, take-profit and stop-loss are indexed
    expect(triggerCount(book.pairs.get(1n)!.triggers)).toBe(3);
  });

  it('places a limit long below the price as a pending entrust, and fills one already reached at once', () => {
    const pending = step(priced(), submit(1n, { entryMode: 0, limitPriceUnits: u('29000') }));
    expect(pending.events[0]?.type).toBe('lever_order_placed');
    expect(leverOrder(pending.state, 1n)).toMatchObject({ status: 0, originPriceUnits: u('29000'), openPriceUnits: u('29029'), openedAtMs: null });
    const reached = step(priced(), submit(2n, { entryMode: 0, limitPriceUnits: u('31000') }));
    expect(reached.events[0]?.type).toBe('lever_order_opened');
    expect(leverOrder(reached.state, 2n)).toMatchObject({ status: 1, originPriceUnits: u('30000') });
    const short = step(priced(), submit(3n, { direction: 2, entryMode: 0, limitPriceUnits: u('31000') }));
    expect(leverOrder(short.state, 3n)).toMatchObject({ status: 0, openPriceUnits: u('30969') });
  });

  it('refuses every invalid submit with its code and changes nothing', () => {
    const book = priced();
    const cases: Array<[Partial<Submit>, string]> = [
      [{ pairId: 9n }, 'lever_pair_closed'],
      [{ direction: 3 }, 'lever_type_invalid'],
      [{ entryMode: 2 }, 'lever_status_invalid'],
      [{ multiple: 7 }, 'lever_multiple_invalid'],
      [{ hands: 10.5 }, 'lever_hands_not_integer'],
      [{ hands: 0 }, 'lever_hands_not_integer'],
      [{ hands: 9 }, 'lever_hands_out_of_range'],
      [{ hands: 101 }, 'lever_hands_out_of_range'],
      [{ entryMode: 0, limitPriceUnits: 0n }, 'lever_price_invalid'],
      [{ takeProfitUnits: u('30000') }, 'lever_take_profit_side'],
      [{ takeProfitUnits: u('31001') }, 'lever_take_profit_out_of_range'],
      [{ stopLossUnits: u('30100') }, 'lever_stop_loss_side'],
      [{ stopLossUnits: u('28999') }, 'lever_stop_loss_out_of_range'],
    ];
    for (const [over, code] of cases) expect([over, rejection(book, submit(1n, over))]).toEqual([over, code]);
    expect(rejection(createLeverBook([config]), submit(1n))).toBe('lever_no_price');
    expect(rejection(book, submit(1n), T0 + 10_001)).toBe('lever_price_stale');
    const closed = step(book, { type: 'configure', pair: { ...config, isOpen: false } }).state;
    expect(rejection(closed, submit(1n))).toBe('lever_pair_closed');
    const tinyMargin = step(book, { type: 'configure', pair: { ...config, contractSizeUnits: 1n, maintenancePercentUnits: u('99') } }).state;
    expect(rejection(step(tinyMargin, tick('1')).state, submit(1n, { multiple: 100 }))).toBe('lever_margin_too_small');
    expect(leverOrders(book).next().done).toBe(true);
  });

  it('refuses a repeated order id and enforces the per-user caps', () => {
    let book = step(priced(), submit(1n)).state;
    expect(rejection(book, submit(1n))).toBe('lever_order_exists');
    book = step(book, submit(2n)).state;
    book = step(book, submit(3n)).state;
    expect(rejection(book, submit(4n))).toBe('lever_positions_limit');
    expect(step(book, submit(4n, { userId: 8n })).events).toHaveLength(1);
    book = step(book, submit(5n, { entryMode: 0, limitPriceUnits: u('29000') })).state;
    book = step(book, submit(6n, { entryMode: 0, limitPriceUnits: u('29000') })).state;
    expect(rejection(book, submit(7n, { entryMode: 0, limitPriceUnits: u('29000') }))).toBe('lever_entrusts_limit');
    // a close frees a place
    book = step(book, { type: 'close', orderId: 1n, userId: 7n }).state;
    expect(step(book, submit(8n)).events).toHaveLength(1);
  });

  it('judges a submit without the book, on the live counts alone, as the step does', () => {
    let book = step(priced(), submit(1n)).state;
    book = step(book, submit(2n, { entryMode: 0, limitPriceUnits: u('29000') })).state;
    const { lastTick } = book.pairs.get(1n)!;
    const live = { entrusts: 1, positions: 1 };
    const commands = [submit(3n), submit(3n, { entryMode: 0, limitPriceUnits: u('29500') }), submit(3n, { hands: 9 }), submit(3n, { pairId: 9n })];
    for (const command of commands) {
      const stepped = stepLever(book, command, { nowMs: T0 });
      const checked = checkLeverSubmit(config, lastTick, live, command, { nowMs: T0 });
      expect('rejection' in checked ? checked : { state: expect.anything(), events: [checked] }).toEqual(stepped);
    }
    expect(checkLeverSubmit(config, lastTick, { entrusts: 0, positions: 3 }, submit(3n), { nowMs: T0 })).toEqual({ rejection: 'lever_positions_limit' });
    const entrust = submit(3n, { entryMode: 0, limitPriceUnits: u('29000') });
    expect(checkLeverSubmit(config, lastTick, { entrusts: 2, positions: 0 }, entrust, { nowMs: T0 })).toEqual({ rejection: 'lever_entrusts_limit' });
    expect(checkLeverSubmit(config, null, live, submit(3n), { nowMs: T0 })).toEqual({ rejection: 'lever_no_price' });
  });
});

describe('lever engine: cancel, close, setstop', () => {
  it('cancels only the caller\'s own pending entrust, returning margin and fee', () => {
    const book = step(priced(), submit(1n, { entryMode: 0, limitPriceUnits: u('29000') })).state;
    expect(rejection(book, { type: 'cancel', orderId: 1n, userId: 8n })).toBe('lever_order_not_found');
    expect(rejection(book, { type: 'cancel', orderId: 2n, userId: 7n })).toBe('lever_order_not_pending');
    const { state: after, events } = step(book, { type: 'cancel', orderId: 1n, userId: 7n }, T0 + 5);
    expect(events[0]).toMatchObject({ type: 'lever_order_cancelled', cancelledAtMs: T0 + 5 });
    const placed = step(priced(), submit(1n, { entryMode: 0, limitPriceUnits: u('29000') })).events[0]!;
    expect(events[0]?.type === 'lever_order_cancelled' && events[0].postings).toEqual(
      'postings' in placed && placed.postings.map((p) => ({ ...p, deltaUnits: -p.deltaUnits })),
    );
    expect(triggerCount(after.pairs.get(1n)!.triggers)).toBe(0);
    const open = step(priced(), submit(2n)).state;
    expect(rejection(open, { type: 'cancel', orderId: 2n, userId: 7n })).toBe('lever_order_not_pending');
  });

  it('closes an open position at the current price, exactly once', () => {
    let book = step(priced(), submit(1n)).state;
    book = step(book, tick('31000', T0 + 1000), T0 + 1000).state;
    expect(rejection(book, { type: 'close', orderId: 1n, userId: 8n })).toBe('lever_order_not_found');
    const { state: after, events } = step(book, { type: 'close', orderId: 1n, userId: 7n }, T0 + 1500);
    expect(events[0]).toMatchObject({
      type: 'lever_order_closed',
      close: { reason: 'manual', closePriceUnits: u('31000'), closeTickAtMs: T0 + 1000, closedAtMs: T0 + 1500, pnlUnits: u('97'), payoutUnits: u('397.3') },
    });
    expect(rejection(after, { type: 'close', orderId: 1n, userId: 7n })).toBe('lever_order_not_open');
    // a trigger after the manual close finds nothing to fire
    expect(step(after, tick('20000', T0 + 2000), T0 + 2000).events).toEqual([]);
    const pending = step(priced(), submit(2n, { entryMode: 0, limitPriceUnits: u('29000') })).state;
    expect(rejection(pending, { type: 'close', orderId: 2n, userId: 7n })).toBe('lever_order_not_open');
  });

  it('a trigger first, then the racing manual close, is refused', () => {
    let book = step(priced(), submit(1n, { stopLossUnits: u('29500') })).state;
    const fired = step(book, tick('29400', T0 + 1), T0 + 1);
    expect(fired.events.map((e) => e.type === 'lever_order_closed' && e.close.reason)).toEqual(['stop_loss']);
    book = fired.state;
    expect(rejection(book, { type: 'close', orderId: 1n, userId: 7n })).toBe('lever_order_not_open');
  });

  it('sets take-profit and stop-loss as validated at submit, and re-indexes at once', () => {
    let book = step(priced(), submit(1n)).state;
    const set = (tp: string, sl: string, userId = 7n) =>
      stepLever(book, { type: 'setstop', orderId: 1n, userId, takeProfitUnits: u(tp), stopLossUnits: u(sl) }, { nowMs: T0 });
    expect(set('30500', '29500', 8n)).toEqual({ rejection: 'lever_order_not_found' });
    expect(set('29000', '0')).toEqual({ rejection: 'lever_take_profit_side' });
    expect(set('0', '31000')).toEqual({ rejection: 'lever_stop_loss_side' });
    const ok = set('30500', '29500');
    if ('rejection' in ok) throw new Error(ok.rejection);
    expect(ok.events[0]).toMatchObject({ type: 'lever_stops_set', order: { takeProfitUnits: u('30500'), stopLossUnits: u('29500') } });
    book = ok.state;
    expect(firedAt(book.pairs.get(1n)!.triggers, u('30500')).map((k) => k.kind)).toEqual(['take_profit']);
    // clearing both leaves only the liquidation trigger
    const cleared = set('0', '0');
    expect('state' in cleared && triggerCount(cleared.state.pairs.get(1n)!.triggers)).toBe(1);
  });
});

describe('lever engine: ticks', () => {
  it('fills a pending long when the price falls to its limit, at the limit plus spread', () => {
    let book = step(priced(), submit(1n, { entryMode: 0, limitPriceUnits: u('29000') })).state;
    expect(step(book, tick('29000.00000001', T0 + 1), T0 + 1).events).toEqual([]);
    const { state: after, events } = step(book, tick('28900', T0 + 2), T0 + 2);
    expect(events).toEqual([
      { type: 'lever_order_filled', order: expect.objectContaining({ status: 1, openPriceUnits: u('29029'), openTickPriceUnits: u('28900'), openTickAtMs: T0 + 2, openedAtMs: T0 + 2 }) },
    ]);
    book = after;
    expect(leverOrder(book, 1n)?.status).toBe(1);
    // a short entrust fills when the price rises to it
    const short = step(priced(), submit(2n, { direction: 2, entryMode: 0, limitPriceUnits: u('31000') })).state;
    expect(step(short, tick('30999.99999999', T0 + 1), T0 + 1).events).toEqual([]);
    expect(step(short, tick('31000', T0 + 1), T0 + 1).events.map((e) => e.type)).toEqual(['lever_order_filled']);
  });

  it('closes at take-profit, stop-loss and liquidation with the tick price and time', () => {
    const book = step(
      step(step(priced(), submit(1n, { takeProfitUnits: u('30500'), stopLossUnits: u('29500') })).state, submit(2n, { direction: 2 })).state,
      submit(3n),
    ).state;
    const tp = step(book, tick('30600', T0 + 1), T0 + 1).events;
    expect(tp.map((e) => e.type === 'lever_order_closed' && [e.order.id, e.close.reason, e.close.closePriceUnits, e.close.closeTickAtMs])).toEqual([
      [1n, 'take_profit', u('30600'), T0 + 1],
    ]);
    // a short opened at 29970 with margin 299.7: liquidated when the price rises far enough
    const liq = step(book, tick('33000', T0 + 2), T0 + 2).events;
    expect(liq.map((e) => e.type === 'lever_order_closed' && [e.order.id, e.close.reason])).toEqual([
      [1n, 'take_profit'],
      [2n, 'liquidation'],
    ]);
    const sl = step(book, tick('29500', T0 + 3), T0 + 3).events;
    expect(sl.map((e) => e.type === 'lever_order_closed' && [e.order.id, e.close.reason])).toEqual([[1n, 'stop_loss']]);
  });

  it('a gap through stop-loss and liquidation at once closes once, as the trigger nearest the open price, and never charges beyond the margin', () => {
    // stop-loss above liquidation (27627.6): the price crossed the stop first
    const withStop = step(priced(), submit(1n, { stopLossUnits: u('29500') })).state;
    const gap = step(withStop, tick('20000', T0 + 1), T0 + 1).events;
    expect(gap).toHaveLength(1);
    const [closed] = gap;
    expect(closed).toMatchObject({ type: 'lever_order_closed', close: { reason: 'stop_loss', payoutUnits: 0n, shortfallUnits: u('702.7') } });
    expect(closed?.type === 'lever_order_closed' && closed.postings.map((p) => [p.account, p.bucket, p.deltaUnits])).toEqual([
      [{ owner: 7n }, 'frozen', -u('300.3')],
      [{ system: 'house' }, 'available', u('300.3')],
    ]);
    // a stop-loss below the liquidation price: liquidation came first
    const order = leverOrder(withStop, 1n)!;
    const key = (kind: 'stop_loss' | 'liquidation', price: bigint) => ({ kind, priceUnits: price, orderId: 1n });
    expect(closeReasonOf(order, [key('stop_loss', u('27000')), key('liquidation', order.liquidationPriceUnits)])).toBe('liquidation');
    expect(closeReasonOf(order, [key('liquidation', u('27000')), key('stop_loss', u('27000'))])).toBe('stop_loss');
  });

  it('fills an entrust and closes it in the same tick when the price gapped through its stop', () => {
    const book = step(priced(), submit(1n, { entryMode: 0, limitPriceUnits: u('29500'), stopLossUnits: u('29100') })).state;
    const events = step(book, tick('29000', T0 + 1), T0 + 1).events;
    expect(events.map((e) => e.type === 'lever_order_closed' ? e.close.reason : e.type)).toEqual(['lever_order_filled', 'stop_loss']);
  });

  it('refuses unknown pairs, non-positive prices and ticks older than the last', () => {
    const book = priced();
    expect(rejection(book, { type: 'tick', pairId: 2n, priceUnits: 1n, atMs: T0 })).toBe('lever_tick_invalid');
    expect(rejection(book, tick('0'))).toBe('lever_tick_invalid');
    expect(rejection(book, tick('1', T0 - 1))).toBe('lever_tick_stale');
  });

  it('leaves the book it was given untouched (the old book stays valid)', () => {
    const before = step(priced(), submit(1n, { takeProfitUnits: u('30500') })).state;
    const snapshot = [...leverOrders(before)];
    const after = step(before, tick('31000', T0 + 1), T0 + 1).state;
    expect(leverOrder(after, 1n)).toBeUndefined();
    expect([...leverOrders(before)]).toEqual(snapshot);
    expect(triggerCount(before.pairs.get(1n)!.triggers)).toBe(2);
    expect(before.pairs.get(1n)!.lastTick?.priceUnits).toBe(u('30000'));
  });
});

describe('lever engine: restore', () => {
  it('rebuilds the same book from the persisted live orders', () => {
    let book = priced();
    book = step(book, submit(1n, { takeProfitUnits: u('30500'), stopLossUnits: u('29500') })).state;
    book = step(book, submit(2n, { direction: 2, entryMode: 0, limitPriceUnits: u('30800') })).state;
    book = step(book, submit(3n, { userId: 8n, direction: 2, stopLossUnits: u('30900') })).state;
    const restored = step(createLeverBook([config]), { type: 'restore', orders: [...leverOrders(book)] }).state;
    expect([...leverOrders(restored)]).toEqual([...leverOrders(book)]);
    expect(restored.pairs.get(1n)!.triggers.fall.keysArray()).toEqual(book.pairs.get(1n)!.triggers.fall.keysArray());
    expect(restored.pairs.get(1n)!.triggers.rise.keysArray()).toEqual(book.pairs.get(1n)!.triggers.rise.keysArray());
    expect(restored.counts.toArray()).toEqual(book.counts.toArray());
    expect(() => stepLever(createLeverBook([]), { type: 'restore', orders: [...leverOrders(book)] }, { nowMs: T0 })).toThrow();
  });

  it('refreshes the named orders to a book that restore would build from the same rows', () => {
    let book = priced();
    book = step(book, submit(1n, { takeProfitUnits: u('30500') })).state;
    book = step(book, submit(2n, { direction: 2, entryMode: 0, limitPriceUnits: u('30800') })).state;
    const watched = book;
    // meanwhile: a new order, new stops on 1, order 2 revoked
    book = step(book, submit(3n, { userId: 8n, direction: 2, stopLossUnits: u('30900') })).state;
    book = step(book, { type: 'setstop', orderId: 1n, userId: 7n, takeProfitUnits: u('30600'), stopLossUnits: u('29600') }, T0 + 5).state;
    book = step(book, { type: 'cancel', orderId: 2n, userId: 7n }).state;
    const refreshed = step(watched, { type: 'refresh', orders: [book.orders.get(3n)!, book.orders.get(1n)!], gone: [2n, 99n] }).state;
    expect([...leverOrders(refreshed)]).toEqual([...leverOrders(book)]);
    expect(refreshed.pairs.get(1n)!.triggers.fall.keysArray()).toEqual(book.pairs.get(1n)!.triggers.fall.keysArray());
    expect(refreshed.pairs.get(1n)!.triggers.rise.keysArray()).toEqual(book.pairs.get(1n)!.triggers.rise.keysArray());
    expect(refreshed.counts.toArray()).toEqual(book.counts.toArray());
    // the book it came from is untouched
    expect([...leverOrders(watched)].map((o) => o.id)).toEqual([1n, 2n]);
  });

  it('keeps an order refreshed as it is, and takes a changed one', () => {
    const book = step(priced(), submit(1n, { takeProfitUnits: u('30500') })).state;
    const held = book.orders.get(1n)!;
    const same = step(book, { type: 'refresh', orders: [{ ...held }], gone: [] }).state;
    expect(same.orders.get(1n)).toBe(held);
    expect(same.pairs.get(1n)!.triggers).toBe(book.pairs.get(1n)!.triggers);
    const moved = step(book, { type: 'refresh', orders: [{ ...held, takeProfitUnits: u('30600') }], gone: [] }).state;
    expect(moved.orders.get(1n)!.takeProfitUnits).toBe(u('30600'));
    expect(moved.pairs.get(1n)!.triggers.rise.keysArray()).not.toEqual(book.pairs.get(1n)!.triggers.rise.keysArray());
  });
});
