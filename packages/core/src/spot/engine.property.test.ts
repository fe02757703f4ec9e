import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPostings, balanceKey, checkPostings, type Balance, type Posting } from '../ledger';
import { UNITS_PER_COIN } from '../money';
import {
  bandOf,
  checkSpotSubmit,
  createSpotBook,
  feeUnitsFor,
  fillPostings,
  freezePostings,
  releasePostings,
  stepSpot,
  type SpotBook,
  type SpotCommand,
  type SpotEvent,
  type SpotOpenOrder,
  type SpotOrderSpec,
  type SpotPairRules,
} from './index';

// Seeded: the seed is printed, and SEED=<n> replays a run (fast-check also prints it on failure).
const seed = process.env.SEED ? Number(process.env.SEED) : Math.floor(Math.random() * 2 ** 31);
console.log(`spot engine properties: SEED=${seed}`);
const params = { seed, numRuns: 100 };
// generous: the machine running the suite may be shared
const TIMEOUT_MS = 60_000;

const BASE = 2n;
const QUOTE = 3n;
const USERS = [1n, 2n, 3n, 4n];
const INDEX_UNITS = 10n * UNITS_PER_COIN;
const TICK_UNITS = 1_000_000n; // 0.01
const LOT_UNITS = 100_000n; // 0.001

const rulesArb: fc.Arbitrary<SpotPairRules> = fc.record({
  baseCurrencyId: fc.constant(BASE),
  quoteCurrencyId: fc.constant(QUOTE),
  tickUnits: fc.constant(TICK_UNITS),
  lotUnits: fc.constant(LOT_UNITS),
  minValueUnits: fc.constantFrom(0n, 5_000_000n),
  // up to 1%, any unit: fees round on almost every fill
  makerFeePercentUnits: fc.bigInt({ min: 0n, max: UNITS_PER_COIN }),
  takerFeePercentUnits: fc.bigInt({ min: 0n, max: UNITS_PER_COIN }),
  bandPercentUnits: fc.constant(5n * UNITS_PER_COIN),
});

type Step =
  | { t: 'limit'; user: number; side: 'buy' | 'sell'; ticks: number; lots: number; surplus: number }
  | { t: 'market'; user: number; side: 'buy' | 'sell'; lots: number; short: boolean }
  | { t: 'market_quote'; user: number; cents: number }
  | { t: 'cancel'; user: number; pick: number }
  | { t: 'index'; ticks: number };

const user = fc.nat({ max: USERS.length - 1 });
const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('limit' as const),
      user,
      side,
      ticks: fc.integer({ min: -60, max: 60 }),
      lots: fc.integer({ min: 1, max: 60 }),
      surplus: fc.nat({ max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('market' as const), user, side, lots: fc.integer({ min: 1, max: 150 }), short: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('market_quote' as const), user, cents: fc.integer({ min: 1, max: 3000 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('cancel' as const), user, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('index' as const), ticks: fc.integer({ min: -40, max: 40 }) }) },
);
const streamArb = fc.record({ rules: rulesArb, steps: fc.array(stepArb, { minLength: 1, maxLength: 150, size: 'max' }) });

/** A trader's spot balance in a currency, as the balances map keys it. */
const change = (userId: bigint, currencyId: bigint) => balanceKey({ owner: userId }, currencyId);
const FEES = [balanceKey({ system: 'fees' }, BASE), balanceKey({ system: 'fees' }, QUOTE)];

/** Turns generated steps into commands, choosing what to freeze as the server would. */
function commandOf(step: Step, book: SpotBook, nextOrderId: bigint): SpotCommand {
  if (step.t === 'index') return { type: 'index', priceUnits: INDEX_UNITS + BigInt(step.ticks) * TICK_UNITS };
  const userId = USERS[step.user]!;
  if (step.t === 'cancel') return { type: 'cancel', userId, orderId: BigInt(1 + (step.pick % Number(nextOrderId))) };
  const order: SpotOrderSpec =
    step.t === 'limit'
      ? {
          kind: 'limit',
          side: step.side,
          priceUnits: (book.indexPriceUnits ?? INDEX_UNITS) + BigInt(step.ticks) * TICK_UNITS,
          amountUnits: BigInt(step.lots) * LOT_UNITS,
        }
      : step.t === 'market'
        ? { kind: 'market', side: step.side, amountUnits: BigInt(step.lots) * LOT_UNITS }
        : { kind: 'market_quote', side: 'buy', quoteUnits: BigInt(step.cents) * TICK_UNITS };
  const checked = checkSpotSubmit(book.rules, order, book.indexPriceUnits);
  let frozenUnits = 'rejection' in checked ? 1n : checked.frozenUnits;
  // a surplus is released at the end; a market buy frozen short trades within what it has
  if (step.t === 'limit') frozenUnits += BigInt(step.surplus);
  if (step.t === 'market' && step.short && order.side === 'buy') frozenUnits = frozenUnits / 3n + 1n;
  return { type: 'place', orderId: nextOrderId, userId, order, frozenUnits };
}

interface Trace {
  events: SpotEvent[];
  refusals: string[];
}

/** Runs steps against a fresh book, checking every invariant after every command; returns all events. */
function runChecked(rules: SpotPairRules, steps: readonly Step[]): Trace {
  const book = createSpotBook(rules);
  stepSpot(book, { type: 'index', priceUnits: INDEX_UNITS }, { nowMs: 0 });
  let balances = new Map<string, Balance>();
  const initialUnits = { [`${BASE}`]: 0n, [`${QUOTE}`]: 0n } as Record<string, bigint>;
  for (const userId of USERS) {
    for (const [currencyId, units] of [
      [BASE, 1_000n * UNITS_PER_COIN],
      [QUOTE, 100_000n * UNITS_PER_COIN],
    ] as const) {
      balances.set(change(userId, currencyId), { availableUnits: units, frozenUnits: 0n });
      initialUnits[`${currencyId}`]! += units;
    }
  }
  for (const id of FEES) balances.set(id, { availableUnits: 0n, frozenUnits: 0n });
  const post = (postings: Posting[]) => {
    if (postings.length === 0) return;
    expect(checkPostings(postings)).toEqual({ ok: true });
    const applied = applyPostings(balances, postings, (account) => 'system' in account);
    if (!applied.ok) throw new Error(`postings refused: ${JSON.stringify(applied, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`);
    balances = applied.balances;
  };
  // per order: what fills say it traded, to prove fees and quantities
  const traded = new Map<bigint, { baseUnits: bigint; makerQuoteUnits: bigint; takerQuoteUnits: bigint; feeUnits: bigint }>();
  const rates = new Map<bigint, [bigint, bigint]>();
  const amounts = new Map<bigint, bigint | null>();
  const trace: Trace = { events: [], refusals: [] };
  let nextOrderId = 1n;

  steps.forEach((step, i) => {
    const command = commandOf(step, book, nextOrderId);
    const nowMs = i + 1;
    if (command.type === 'place') {
      nextOrderId++;
      const checked = checkSpotSubmit(rules, command.order, book.indexPriceUnits);
      if ('rejection' in checked) {
        const result = stepSpot(book, command, { nowMs });
        expect(result).toEqual({ rejection: checked.rejection });
        trace.refusals.push(checked.rejection);
        return;
      }
      const side = command.order.side;
      const currencyId = side === 'buy' ? QUOTE : BASE;
      const available = balances.get(change(command.userId, currencyId))!.availableUnits;
      if (available < command.frozenUnits) return; // the server refuses: insufficient funds
      post(freezePostings(rules, command.userId, side, command.frozenUnits));
      // what price-time priority says the taker meets first: the opposite side, best price then earliest
      const queue = book
        .openOrders()
        .filter((o) => o.side !== side)
        .sort((a, b) => (a.priceUnits === b.priceUnits ? a.seq - b.seq : (side === 'buy') === a.priceUnits < b.priceUnits ? -1 : 1));
      const band = bandOf(rules, book.indexPriceUnits!);
      const limitUnits = command.order.kind === 'limit' ? command.order.priceUnits : side === 'buy' ? band.highUnits : band.lowUnits;
      const result = stepSpot(book, command, { nowMs });
      if ('rejection' in result) throw new Error(`unexpected refusal ${result.rejection}`);
      checkPriority(result.events, queue, command.orderId);
      rates.set(command.orderId, [rules.makerFeePercentUnits, rules.takerFeePercentUnits]);
      amounts.set(command.orderId, command.order.kind === 'market_quote' ? null : command.order.amountUnits);
      for (const event of result.events) {
        if (event.type !== 'fill') continue;
        // never worse than the taker's limit (a market order's: the band's edge), always at the maker's price
        if (side === 'buy') expect(event.priceUnits).toBeLessThanOrEqual(limitUnits);
        else expect(event.priceUnits).toBeGreaterThanOrEqual(limitUnits);
        expect(event.priceUnits).toBe(queue.find((o) => o.orderId === event.makerOrderId)!.priceUnits);
      }
      for (const event of result.events) trace.events.push(event);
      settle(result.events);
    } else {
      const result = stepSpot(book, command, { nowMs });
      if ('rejection' in result) {
        trace.refusals.push(result.rejection);
        return;
      }
      trace.events.push(...result.events);
      settle(result.events);
    }
    assertBookSound(book);
  });

  function settle(events: SpotEvent[]) {
    for (const event of events) {
      if (event.type === 'fill') {
        expect(event.baseUnits % LOT_UNITS).toBe(0n);
        expect(event.quoteUnits * UNITS_PER_COIN).toBe(event.priceUnits * event.baseUnits);
        for (const [orderId, role, feeUnits] of [
          [event.makerOrderId, 'maker', event.makerFeeUnits],
          [event.takerOrderId, 'taker', event.takerFeeUnits],
        ] as const) {
          const t = traded.get(orderId) ?? { baseUnits: 0n, makerQuoteUnits: 0n, takerQuoteUnits: 0n, feeUnits: 0n };
          t.baseUnits += event.baseUnits;
          if (role === 'maker') t.makerQuoteUnits += event.quoteUnits;
          else t.takerQuoteUnits += event.quoteUnits;
          t.feeUnits += feeUnits;
          traded.set(orderId, t);
          // fees exact: one rounding up over the order's life
          const [maker, taker] = rates.get(orderId)!;
          expect(t.feeUnits).toBe(feeUnitsFor(t.makerQuoteUnits, t.takerQuoteUnits, maker, taker));
          expect(feeUnits).toBeLessThanOrEqual(event.quoteUnits);
          const amount = amounts.get(orderId);
          if (amount != null) expect(t.baseUnits).toBeLessThanOrEqual(amount);
        }
        post(fillPostings(rules, event));
      } else if (event.type === 'cancelled' || event.type === 'done') {
        post(releasePostings(event));
      }
    }
  }

  // At the end, cancelling everything leaves no funds frozen and every unit accounted for.
  for (const order of book.openOrders()) {
    const result = stepSpot(book, { type: 'cancel', orderId: order.orderId, userId: order.userId }, { nowMs: 1e9 });
    if ('rejection' in result) throw new Error(result.rejection);
    settle(result.events);
  }
  expect(book.orders.size).toBe(0);
  const totals = new Map<bigint, bigint>();
  for (const [key, balance] of balances) {
    expect(balance.frozenUnits).toBe(0n);
    const currencyId = key.endsWith(`:${BASE}`) ? BASE : QUOTE;
    totals.set(currencyId, (totals.get(currencyId) ?? 0n) + balance.availableUnits);
  }
  expect(totals.get(BASE)).toBe(initialUnits[`${BASE}`]);
  expect(totals.get(QUOTE)).toBe(initialUnits[`${QUOTE}`]);
  return trace;
}

/** The makers a taker met (fills and self-trade cancels) are a prefix of the priority queue, all but the last used up. */
function checkPriority(events: SpotEvent[], queue: SpotOpenOrder[], takerId: bigint) {
  const met: bigint[] = [];
  const usedUp = new Set<bigint>();
  for (const e of events) {
    if (e.type === 'fill' && met.at(-1) !== e.makerOrderId) met.push(e.makerOrderId);
    if (e.type === 'cancelled' && e.reason === 'self_trade') {
      met.push(e.orderId);
      usedUp.add(e.orderId);
    }
    if (e.type === 'done' && e.orderId !== takerId) usedUp.add(e.orderId);
  }
  expect(met).toEqual(queue.slice(0, met.length).map((o) => o.orderId));
  met.slice(0, -1).forEach((id) => expect(usedUp.has(id)).toBe(true));
}

function assertBookSound(book: SpotBook) {
  const bid = book.bids.best?.priceUnits;
  const ask = book.asks.best?.priceUnits;
  if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
  // depth agrees with the orders
  const open = book.openOrders();
  const depth = book.depth(1_000);
  for (const [side, rows] of [
    ['buy', depth.bids],
    ['sell', depth.asks],
  ] as const) {
    const fromOrders = new Map<bigint, bigint>();
    for (const o of open) {
      if (o.side !== side) continue;
      fromOrders.set(o.priceUnits, (fromOrders.get(o.priceUnits) ?? 0n) + o.amountUnits - o.filledUnits);
    }
    expect(new Map(rows.map((r) => [r.priceUnits, r.amountUnits]))).toEqual(fromOrders);
    const prices = rows.map((r) => r.priceUnits);
    expect(prices).toEqual([...prices].sort((a, b) => (side === 'buy' ? Number(b - a) : Number(a - b))));
  }
}

describe('spot engine properties', () => {
  it('keeps the book uncrossed, quantities and funds conserved, priority, limits and fees exact', () => {
    fc.assert(
      fc.property(streamArb, ({ rules, steps }) => {
        runChecked(rules, steps);
      }),
      params,
    );
  }, TIMEOUT_MS);

  it('gives the same events for the same commands, and a restored book continues identically', () => {
    fc.assert(
      fc.property(streamArb, fc.nat(), ({ rules, steps }, cutAt) => {
        expect(runChecked(rules, steps)).toEqual(runChecked(rules, steps));
        const cut = cutAt % (steps.length + 1);
        const book = createSpotBook(rules);
        stepSpot(book, { type: 'index', priceUnits: INDEX_UNITS }, { nowMs: 0 });
        let nextOrderId = 1n;
        const feed = (target: SpotBook, from: number, to: number, orderId: bigint) => {
          const results = [];
          for (let i = from; i < to; i++) {
            const command = commandOf(steps[i]!, target, orderId);
            if (command.type === 'place') orderId++;
            const result = stepSpot(target, command, { nowMs: i + 1 });
            // the events, not the state: that is each feed's own book
            results.push('rejection' in result ? result : result.events);
          }
          return { results, orderId };
        };
        nextOrderId = feed(book, 0, cut, nextOrderId).orderId;
        const rebuilt = createSpotBook(rules);
        const orders = [...book.openOrders()].reverse();
        expect(stepSpot(rebuilt, { type: 'restore', orders, nextSeq: book.nextSeq }, { nowMs: 0 })).toEqual({ state: rebuilt, events: [] });
        if (book.indexPriceUnits !== null) {
          stepSpot(rebuilt, { type: 'index', priceUnits: book.indexPriceUnits }, { nowMs: 0 });
        }
        expect(feed(rebuilt, cut, steps.length, nextOrderId)).toEqual(feed(book, cut, steps.length, nextOrderId));
        expect(rebuilt.openOrders()).toEqual(book.openOrders());
      }),
      { ...params, numRuns: 40 },
    );
  }, TIMEOUT_MS);
});
