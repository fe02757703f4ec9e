import { describe, expect, it } from 'vitest';
import { checkPostings } from '../ledger';
import { mustParseUnits as u } from '../money';
import {
  assertPairRules,
  checkSpotSubmit,
  createSpotBook,
  fillPostings,
  freezePostings,
  releasePostings,
  stepSpot,
  type SpotBook,
  type SpotCommand,
  type SpotEvent,
  type SpotFillEvent,
  type SpotOrderSpec,
  type SpotPairRules,
} from './index';

const BASE = 2n;
const QUOTE = 3n;
const rules: SpotPairRules = {
  baseCurrencyId: BASE,
  quoteCurrencyId: QUOTE,
  tickUnits: u('0.01'),
  lotUnits: u('0.0001'),
  minValueUnits: u('1'),
  makerFeePercentUnits: u('0.1'),
  takerFeePercentUnits: u('0.2'),
  bandPercentUnits: u('10'),
};
const ALICE = 1n;
const BOB = 2n;
const CAROL = 3n;

function bookAt(indexPrice = '100'): SpotBook {
  const book = createSpotBook(rules);
  run(book, { type: 'index', priceUnits: u(indexPrice) });
  return book;
}

let nextOrderId = 1n;
let nowMs = 1_000;
function run(book: SpotBook, command: SpotCommand, atMs = nowMs++) {
  return stepSpot(book, command, { nowMs: atMs });
}

/** Places an order freezing exactly what checkSpotSubmit asks; returns the events or throws on a refusal. */
function place(book: SpotBook, userId: bigint, order: SpotOrderSpec, orderId = nextOrderId++, atMs = nowMs++): SpotEvent[] {
  const checked = checkSpotSubmit(book.rules, order, book.indexPriceUnits);
  if ('rejection' in checked) throw new Error(checked.rejection);
  const result = run(book, { type: 'place', orderId, userId, order, frozenUnits: checked.frozenUnits }, atMs);
  if ('rejection' in result) throw new Error(result.rejection);
  return result.events;
}
const limit = (side: 'buy' | 'sell', price: string, amount: string): SpotOrderSpec => ({
  kind: 'limit',
  side,
  priceUnits: u(price),
  amountUnits: u(amount),
});
const fills = (events: SpotEvent[]) => events.filter((e): e is SpotFillEvent => e.type === 'fill');
const types = (events: SpotEvent[]) => events.map((e) => e.type);

describe('spot rules', () => {
  it('refuses pair rules whose values would not be whole quote units', () => {
    expect(() => assertPairRules({ ...rules, tickUnits: 1n, lotUnits: 1n })).toThrow(RangeError);
    expect(() => assertPairRules({ ...rules, bandPercentUnits: 0n })).toThrow(RangeError);
    expect(() => assertPairRules(rules)).not.toThrow();
  });

  it('refuses orders off the tick, off the lot, below the minimum, outside the band or without an index', () => {
    const at = (order: SpotOrderSpec, index: bigint | null = u('100')) => checkSpotSubmit(rules, order, index);
    expect(at(limit('buy', '100.001', '1'))).toEqual({ rejection: 'spot_price_off_tick' });
    expect(at(limit('buy', '100', '0.00001'))).toEqual({ rejection: 'spot_amount_off_lot' });
    expect(at(limit('buy', '100', '0.0099'))).toEqual({ rejection: 'spot_below_min_value' });
    expect(at(limit('buy', '110.01', '1'))).toEqual({ rejection: 'spot_outside_band' });
    expect(at(limit('sell', '89.99', '1'))).toEqual({ rejection: 'spot_outside_band' });
    expect(at(limit('sell', '90', '1'))).toEqual({ frozenUnits: u('1') });
    expect(at(limit('buy', '100', '1'), null)).toEqual({ rejection: 'spot_no_index_price' });
    expect(at(limit('buy', '0', '1'))).toEqual({ rejection: 'spot_price_not_positive' });
    expect(at(limit('buy', '100', '0'))).toEqual({ rejection: 'spot_amount_not_positive' });
    expect(at({ kind: 'market_quote', side: 'buy', quoteUnits: u('0.5') })).toEqual({ rejection: 'spot_below_min_value' });
    expect(at(limit('buy', '100', '92233720368'))).toEqual({ rejection: 'spot_value_too_large' });
  });

  it('freezes the value plus the fee at the higher rate for a limit buy, the band top for a market buy', () => {
    // 100 x 1.5 = 150, + 0.2% = 0.3
    expect(checkSpotSubmit(rules, limit('buy', '100', '1.5'), u('100'))).toEqual({ frozenUnits: u('150.3') });
    // band top 110: 110 x 2 = 220, + 0.2% = 0.44
    const market: SpotOrderSpec = { kind: 'market', side: 'buy', amountUnits: u('2') };
    expect(checkSpotSubmit(rules, market, u('100'))).toEqual({ frozenUnits: u('220.44') });
    expect(checkSpotSubmit(rules, { kind: 'market', side: 'sell', amountUnits: u('2') }, u('100'))).toEqual({
      frozenUnits: u('2'),
    });
  });
});

describe('spot matching', () => {
  it('rests a limit order that does not cross, and fills a crossing one at the maker price', () => {
    const book = bookAt();
    expect(types(place(book, ALICE, limit('sell', '101', '2'), 10n))).toEqual(['accepted', 'rested']);
    const events = place(book, BOB, limit('buy', '102', '0.5'), 11n);
    expect(types(events)).toEqual(['accepted', 'fill', 'done']);
    expect(fills(events)[0]).toMatchObject({
      makerOrderId: 10n,
      takerOrderId: 11n,
      takerSide: 'buy',
      priceUnits: u('101'),
      baseUnits: u('0.5'),
      quoteUnits: u('50.5'),
      makerFeeUnits: u('0.0505'),
      takerFeeUnits: u('0.101'),
    });
    // frozen 102 x 0.5 + 0.2% = 51.102; spent 50.5 + 0.101
    expect(events.at(-1)).toMatchObject({ type: 'done', orderId: 11n, releasedUnits: u('0.501'), releasedCurrencyId: QUOTE });
    expect(book.depth(5)).toEqual({ bids: [], asks: [{ priceUnits: u('101'), amountUnits: u('1.5') }] });
  });

  it('fills better prices first and, at one price, earlier orders first', () => {
    const book = bookAt();
    place(book, ALICE, limit('sell', '101', '1'), 20n);
    place(book, CAROL, limit('sell', '100.5', '1'), 21n);
    place(book, ALICE, limit('sell', '100.5', '1'), 22n);
    const events = place(book, BOB, limit('buy', '101', '2.5'), 23n);
    expect(fills(events).map((f) => [f.makerOrderId, f.priceUnits, f.baseUnits])).toEqual([
      [21n, u('100.5'), u('1')],
      [22n, u('100.5'), u('1')],
      [20n, u('101'), u('0.5')],
    ]);
    expect(book.openOrders().map((o) => [o.orderId, o.filledUnits])).toEqual([[20n, u('0.5')]]);
  });

  it('leaves the rest of a partly filled limit order on the book', () => {
    const book = bookAt();
    place(book, ALICE, limit('sell', '100', '1'));
    const events = place(book, BOB, limit('buy', '100', '3'), 31n);
    expect(types(events)).toEqual(['accepted', 'fill', 'done', 'rested']);
    expect(events.at(-1)).toMatchObject({ orderId: 31n, remainingUnits: u('2') });
    expect(book.depth(5).bids).toEqual([{ priceUnits: u('100'), amountUnits: u('2') }]);
  });

  it('cancels the resting order of the same user and goes on with the next (self-trade prevention)', () => {
    const book = bookAt();
    place(book, BOB, limit('sell', '100', '1'), 40n);
    place(book, ALICE, limit('sell', '100', '1'), 41n);
    const events = place(book, BOB, limit('buy', '100', '1'), 42n);
    expect(types(events)).toEqual(['accepted', 'cancelled', 'fill', 'done', 'done']);
    expect(events[1]).toMatchObject({ orderId: 40n, reason: 'self_trade', releasedUnits: u('1'), releasedCurrencyId: BASE });
    expect(fills(events)[0]).toMatchObject({ makerOrderId: 41n, takerOrderId: 42n });
  });

  it('never trades a market order past the band and cancels its rest', () => {
    const book = bookAt();
    place(book, ALICE, limit('buy', '95', '1'), 50n);
    place(book, ALICE, limit('buy', '90', '1'), 51n);
    run(book, { type: 'index', priceUnits: u('105') }); // band low is now 94.5
    const events = place(book, BOB, { kind: 'market', side: 'sell', amountUnits: u('3') }, 52n);
    expect(fills(events).map((f) => f.makerOrderId)).toEqual([50n]);
    expect(events.at(-1)).toMatchObject({
      type: 'cancelled',
      orderId: 52n,
      reason: 'no_liquidity',
      remainingUnits: u('2'),
      releasedUnits: u('2'),
    });
    expect(book.depth(5).bids).toEqual([{ priceUnits: u('90'), amountUnits: u('1') }]);
  });

  it('spends at most the quote amount of a market buy by quote, fee included', () => {
    const book = bookAt();
    place(book, ALICE, limit('sell', '100', '0.5'));
    place(book, ALICE, limit('sell', '101', '10'));
    const events = place(book, BOB, { kind: 'market_quote', side: 'buy', quoteUnits: u('200') }, 60n);
    const [first, second] = fills(events);
    const spentUnits = first!.quoteUnits + first!.takerFeeUnits + second!.quoteUnits + second!.takerFeeUnits;
    expect(spentUnits).toBeLessThanOrEqual(u('200'));
    // one more lot at 101 would not fit
    expect(spentUnits + u('0.0101') + u('0.00003')).toBeGreaterThan(u('200'));
    expect(events.at(-1)).toMatchObject({ type: 'done', orderId: 60n, releasedUnits: u('200') - spentUnits });
  });

  it('spends no more than the quote amount of a market buy by quote even when more was frozen', () => {
    const book = bookAt();
    place(book, ALICE, limit('sell', '100', '10'));
    const order: SpotOrderSpec = { kind: 'market_quote', side: 'buy', quoteUnits: u('50') };
    const result = run(book, { type: 'place', orderId: 65n, userId: BOB, order, frozenUnits: u('80') });
    if ('rejection' in result) throw new Error(result.rejection);
    const [fill] = fills(result.events);
    expect(fill!.quoteUnits + fill!.takerFeeUnits).toBeLessThanOrEqual(u('50'));
    expect(result.events.at(-1)).toMatchObject({ type: 'done', releasedUnits: u('80') - fill!.quoteUnits - fill!.takerFeeUnits });
    const short = run(book, { type: 'place', orderId: 66n, userId: BOB, order, frozenUnits: u('49') });
    expect(short).toEqual({ rejection: 'spot_freeze_short' });
  });

  it('treats the frozen funds of a market buy by base as a budget when the index rose since they were frozen', () => {
    const book = bookAt();
    place(book, ALICE, limit('sell', '100', '5'));
    const order: SpotOrderSpec = { kind: 'market', side: 'buy', amountUnits: u('3') };
    const events = run(book, { type: 'place', orderId: 70n, userId: BOB, order, frozenUnits: u('150') });
    if ('rejection' in events) throw new Error(events.rejection);
    const filled = fills(events.events).reduce((sum, f) => sum + f.baseUnits, 0n);
    expect(filled).toBe(u('1.4970')); // 149.7 + 0.2994 fee <= 150
    expect(events.events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'budget', remainingUnits: u('3') - filled });
  });

  it('charges an order one rounding over all its fills, never one per fill', () => {
    const cheap = createSpotBook({ ...rules, minValueUnits: 0n });
    run(cheap, { type: 'index', priceUnits: u('0.01') });
    for (let i = 0; i < 10; i++) place(cheap, ALICE, limit('sell', '0.01', '0.0001'));
    const events = place(cheap, BOB, limit('buy', '0.01', '0.001'));
    // ten fills of 100 units at 0.2%: 0.2 units each; rounded once, 2 units (rounded per fill it would be 10)
    expect(fills(events).map((f) => f.takerFeeUnits)).toEqual([1n, 0n, 0n, 0n, 0n, 1n, 0n, 0n, 0n, 0n]);
    expect(fills(events).map((f) => f.makerFeeUnits)).toEqual(Array(10).fill(1n));
    expect(cheap.orders.size).toBe(0);
  });

  it('cancels only its owner’s order and releases what is left', () => {
    const book = bookAt();
    place(book, ALICE, limit('buy', '100', '2'), 80n);
    place(book, BOB, limit('sell', '100', '0.5'));
    expect(run(book, { type: 'cancel', orderId: 80n, userId: BOB })).toEqual({ rejection: 'spot_order_not_found' });
    expect(run(book, { type: 'cancel', orderId: 99n, userId: ALICE })).toEqual({ rejection: 'spot_order_not_found' });
    const result = run(book, { type: 'cancel', orderId: 80n, userId: ALICE });
    // frozen 200.4, spent 50 + maker fee 0.05
    expect(result).toMatchObject({
      events: [{ type: 'cancelled', reason: 'user', remainingUnits: u('1.5'), releasedUnits: u('150.35') }],
    });
    expect(book.orders.size).toBe(0);
  });

  it('refuses a duplicate id and funds frozen short of the order', () => {
    const book = bookAt();
    place(book, ALICE, limit('buy', '100', '1'), 90n);
    const order = limit('buy', '100', '1');
    expect(run(book, { type: 'place', orderId: 90n, userId: ALICE, order, frozenUnits: u('1000') })).toEqual({
      rejection: 'spot_duplicate_order',
    });
    expect(run(book, { type: 'place', orderId: 91n, userId: ALICE, order, frozenUnits: u('100.1') })).toEqual({
      rejection: 'spot_freeze_short',
    });
  });

  it('rebuilds a book from its open orders in their original sequence', () => {
    const book = bookAt();
    place(book, ALICE, limit('sell', '101', '1'), 100n);
    place(book, CAROL, limit('sell', '101', '1'), 101n);
    place(book, BOB, limit('buy', '101', '0.5'), 102n);
    const rebuilt = createSpotBook(rules);
    const orders = book.openOrders().reverse();
    expect(run(rebuilt, { type: 'restore', orders, nextSeq: book.nextSeq })).toEqual({ state: rebuilt, events: [] });
    expect(rebuilt.openOrders()).toEqual(book.openOrders());
    run(rebuilt, { type: 'index', priceUnits: u('100') });
    const next = limit('buy', '101', '1');
    expect(place(rebuilt, BOB, next, 103n, 5_000)).toEqual(place(book, BOB, next, 103n, 5_000));
    expect(run(rebuilt, { type: 'restore', orders, nextSeq: 10 })).toEqual({ rejection: 'spot_restore_not_empty' });
  });

  it('refuses to restore orders the engine could not have left', () => {
    const book = bookAt();
    place(book, ALICE, limit('sell', '101', '1'), 110n);
    place(book, BOB, limit('buy', '100', '1'), 111n);
    const [sell, buy] = book.openOrders();
    const restore = (orders: typeof sell[], nextSeq = 100) =>
      run(createSpotBook(rules), { type: 'restore', orders: orders as never, nextSeq });
    expect(restore([sell, { ...buy!, priceUnits: u('101') }])).toEqual({ rejection: 'spot_restore_crossed' });
    expect(restore([sell, { ...buy!, orderId: 110n }])).toMatchObject({ rejection: 'spot_restore_invalid' });
    expect(restore([{ ...sell!, feeUnits: 1n }])).toMatchObject({ rejection: 'spot_restore_invalid', orderId: 110n });
    expect(restore([sell, buy], 2)).toMatchObject({ rejection: 'spot_restore_invalid', orderId: 111n });
  });
});

describe('spot postings', () => {
  it('turns a fill into one balanced transaction from frozen funds, fees to the fees account', () => {
    const book = bookAt();
    place(book, ALICE, limit('buy', '100', '1'));
    const [fill] = fills(place(book, BOB, limit('sell', '100', '0.25')));
    const postings = fillPostings(rules, fill!);
    expect(checkPostings(postings)).toEqual({ ok: true });
    expect(postings).toEqual([
      { account: { owner: 2n }, currencyId: BASE, bucket: 'frozen', deltaUnits: -u('0.25') },
      { account: { owner: 1n }, currencyId: BASE, bucket: 'available', deltaUnits: u('0.25') },
      { account: { owner: 1n }, currencyId: QUOTE, bucket: 'frozen', deltaUnits: -u('25.025') },
      { account: { owner: 2n }, currencyId: QUOTE, bucket: 'available', deltaUnits: u('24.95') },
      { account: { system: 'fees' }, currencyId: QUOTE, bucket: 'available', deltaUnits: u('0.075') },
    ]);
  });

  it('freezes and releases in the order’s own currency, and leaves out nothing-to-release', () => {
    expect(freezePostings(rules, ALICE, 'sell', u('2'))).toEqual([
      { account: { owner: 1n }, currencyId: BASE, bucket: 'available', deltaUnits: -u('2') },
      { account: { owner: 1n }, currencyId: BASE, bucket: 'frozen', deltaUnits: u('2') },
    ]);
    const done = { type: 'done', orderId: 1n, userId: ALICE, side: 'sell', releasedUnits: 0n, releasedCurrencyId: BASE, atMs: 0 } as const;
    expect(releasePostings(done)).toEqual([]);
    expect(releasePostings({ ...done, releasedUnits: 5n })).toEqual([
      { account: { owner: 1n }, currencyId: BASE, bucket: 'frozen', deltaUnits: -5n },
      { account: { owner: 1n }, currencyId: BASE, bucket: 'available', deltaUnits: 5n },
    ]);
  });
});
