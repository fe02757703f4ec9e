import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { formatUnits, manualClock, mustParseUnits, type FeedEvent } from '@tidemark/core';
import { calls, limits, ZClosedMicroOrderEvent, ZMicroAfterCoinTradeEvent } from '@tidemark/protocol';
import type { MarketOptions } from '../src/engine/market/market';
import { MicroSettler } from '../src/engine/micro';
import { ledgerKeyOf } from '../src/http/idempotency';
import { verifyMicroChain } from '../src/modules/micro/service';
import { buildStaff, buildTrader, type SignedInUser } from '../src/testing/factories';
import { onPostgres, startTestServer, type Form, type TestServer } from './harness';

const BTC_PAIR = 2;
const ETH_PAIR = 1;
const USDT = 3n;
const run = promisify(execFile);
const cli = new URL('../src/cli/micro-verify.ts', import.meta.url).pathname;

let server: TestServer;
const clock = manualClock(Date.UTC(2030, 0, 15, 12, 0, 0));
let report: ((event: FeedEvent) => void) | undefined;
/** A trade of a pair at the clock's time: the board and the settler see it at once. */
const tradeOn = (pairId: number, price: string) =>
  report!({ kind: 'trades', pairId, trades: [{ timeMs: clock(), priceUnits: mustParseUnits(price), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] });
/** A trade of BTC/USDT at the clock's time. */
const trade = (price: string) => tradeOn(BTC_PAIR, price);

beforeAll(async () => {
  // a feed the test drives: no trade happens unless a test makes it
  const feed: MarketOptions['feed'] = () => ({
    start: async (r) => {
      report = r;
    },
    stop: async () => {
      report = undefined;
    },
  });
  server = await startTestServer({ market: { seed: 12, clock, flushMs: 3600_000, feed } });
  trade('100');
});
afterAll(() => server.close());

const submit = (token: string, form: Form<typeof calls.microSubmit>) =>
  server.attempt(calls.microSubmit, { match_id: '2', currency_id: '3', type: '1', seconds: '30', number: '100', ...form }, { token });
const microBalance = async (token: string) => {
  const usdt = (await server.call(calls.walletList, {}, { token })).message.micro_wallet.balance.find((b) => b.currency === 3)!;
  return { available: usdt.micro_balance, frozen: usdt.lock_micro_balance };
};
const lists = async (token: string, status: '1' | '3') => (await server.call(calls.microLists, { status }, { token })).message;
/** The micro currency's balances of the `fees` and `house` system accounts (0 before their first posting). */
const systemBalances = async () => {
  const rows = await server.db
    .selectFrom('account')
    .select(['system_name', 'available_units', 'frozen_units'])
    .where('system_name', 'in', ['fees', 'house'])
    .where('currency_id', '=', USDT)
    .execute();
  const of = (name: 'fees' | 'house') => rows.find((r) => r.system_name === name) ?? { available_units: 0n, frozen_units: 0n };
  return { fees: of('fees'), house: of('house') };
};
type SystemBalances = Awaited<ReturnType<typeof systemBalances>>;
/** How far `fees` and `house` moved since `before`; a system account never holds a frozen part. */
const systemMoved = async (before: SystemBalances) => {
  const now = await systemBalances();
  expect([now.fees.frozen_units, now.house.frozen_units]).toEqual([before.fees.frozen_units, before.house.frozen_units]);
  return { fees: formatUnits(now.fees.available_units - before.fees.available_units), house: formatUnits(now.house.available_units - before.house.available_units) };
};
/** Moves past `ms` and the settler's lag, then runs the settler's pass. */
const settleAfter = async (ms: number) => {
  clock.advance(ms + limits.microSettleLagMs);
  await server.engines.micro.idle();
};
/** Settles whatever an earlier test left open: the system accounts then move for the next orders alone. */
const settleLeftovers = async () => {
  const last = await server.db.selectFrom('micro_order').select('expires_at_ms').where('status', '=', 1n).orderBy('expires_at_ms', 'desc').limit(1).executeTakeFirst();
  if (last) {
    clock.set(Math.max(clock(), Number(last.expires_at_ms)));
    await settleAfter(0);
  }
  expect(await server.db.selectFrom('micro_order').select('id').where('status', '=', 1n).execute()).toEqual([]);
};

describe('micro calls', () => {
  it('offers the seeded expiries and the payable currency with presets and the micro balance', async () => {
    expect((await server.call(calls.microSeconds)).message).toEqual([
      { seconds: 30, profit_ratio: '80.00000000', status: 1 },
      { seconds: 60, profit_ratio: '85.00000000', status: 1 },
      { seconds: 120, profit_ratio: '90.00000000', status: 1 },
      { seconds: 300, profit_ratio: '95.00000000', status: 1 },
    ]);
    const user = await buildTrader(server, { funds: [[USDT, '250', 'micro']] });
    const [usdt, ...others] = (await server.call(calls.microPayableCurrencies, {}, { token: user.token })).message;
    expect(others).toEqual([]);
    expect(usdt).toMatchObject({ id: 3, name: 'USDT', micro_trade_fee: '1.00000000', user_wallet: { micro_with_insurance: '250.00000000' } });
    expect(usdt!.micro_numbers[0]).toEqual({ number: '10.00000000' });
    expect(await server.refused(calls.microPayableCurrencies)).toMatchObject({ type: '999' });
    expect(await server.refused(calls.microLists, { status: '1' })).toMatchObject({ type: '999' });
  });

  it('marks the pairs open for micro options in quotation_new, with a number', async () => {
    const pairs = (await server.call(calls.quotationNew)).message.flatMap((g) => g.quotation);
    const open = pairs.filter((p) => p.open_microtrade === 1).map((p) => p.id);
    expect(open.sort()).toEqual([1, BTC_PAIR]);
    expect(pairs.filter((p) => p.open_microtrade !== 1).every((p) => p.open_microtrade === 0)).toBe(true);
    await server.db.updateTable('micro_pair').set({ open_microtrade: 0n }).where('pair_id', '=', 1n).execute();
    const after = (await server.call(calls.quotationNew)).message.flatMap((g) => g.quotation);
    expect(after.filter((p) => p.open_microtrade === 1).map((p) => p.id)).toEqual([BTC_PAIR]);
    await server.db.updateTable('micro_pair').set({ open_microtrade: 1n }).where('pair_id', '=', 1n).execute();
  });

  it('refuses every broken rule with its code, and moves no money', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    const refusals: [Form<typeof calls.microSubmit>, string][] = [
      [{ match_id: '3' }, 'micro_pair_closed'],
      [{ match_id: '99' }, 'micro_pair_closed'],
      [{ currency_id: '1' }, 'micro_currency_not_payable'],
      [{ seconds: '45' }, 'micro_seconds_invalid'],
      [{ number: 'abc' }, 'micro_amount_invalid'],
      [{ number: '1e3' }, 'micro_amount_invalid'],
      [{ number: '-10' }, 'micro_amount_invalid'],
      [{ number: '10.123456789' }, 'micro_amount_too_precise'],
      [{ number: '9.99' }, 'micro_amount_below_min'],
      [{ number: '100000.01' }, 'micro_amount_above_max'],
      [{ number: '995' }, 'micro_balance_insufficient'],
      [{ type: '3' }, 'invalid_field'],
    ];
    for (const [form, code] of refusals) expect([form, (await submit(user.token, form)).code]).toEqual([form, code]);
    expect((await submit(user.token, { number: '9.99' }, )).message).toBe('The number is below the minimum of 10');
    // a feed quiet for longer than the staleness limit refuses new orders
    clock.advance(limits.microPriceStaleAfterMs + 1);
    expect((await submit(user.token, {})).code).toBe('micro_price_stale');
    trade('100');
    expect(await microBalance(user.token)).toEqual({ available: '1000.00000000', frozen: '0.00000000' });
    expect(await lists(user.token, '1')).toMatchObject({ total: 0, data: [] });
    await server.expectLedgerSound();
  });

  it('takes concurrent orders of one user and of many', async () => {
    trade('100');
    const users = await Promise.all([0, 1, 2].map(() => buildTrader(server, { funds: [[USDT, '1000', 'micro']] })));
    // each with its Idempotency-Key, as clients send them: the key's claim must not deadlock the user's lock
    const keys: string[] = [];
    const keyed = (user: { id: bigint; token: string }) => {
      const key = randomUUID();
      keys.push(ledgerKeyOf(user.id, key));
      return server.attempt(calls.microSubmit, { match_id: '2', currency_id: '3', type: '1', seconds: '30', number: '10' }, { token: user.token, headers: { 'Idempotency-Key': key } });
    };
    const answers = await Promise.all(users.flatMap((user) => Array.from({ length: 8 }, () => keyed(user))));
    expect(answers.map((a) => a.type)).toEqual(answers.map(() => 'ok'));
    // each order's stake and fee is one ledger transaction carrying the request's key
    const stakes = await server.db.selectFrom('ledger_txn').select('idempotency_key').where('kind', '=', 'micro_submit').where('idempotency_key', 'in', keys).execute();
    expect(stakes).toHaveLength(keys.length);
    for (const user of users) expect((await lists(user.token, '1')).total).toBe(8);
    await server.expectLedgerSound();
  });

  it('caps the open orders of one user', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    for (let i = 0; i < limits.microOpenOrdersPerUserMax; i++) expect((await submit(user.token, { number: '10' })).type).toBe('ok');
    expect((await submit(user.token, { number: '10' })).code).toBe('micro_open_orders_max');
    const page = await lists(user.token, '1');
    expect(page).toMatchObject({ total: limits.microOpenOrdersPerUserMax, per_page: limits.microListPageSize, last_page: 5, current_page: 1 });
    await settleAfter(30_000);
    expect((await lists(user.token, '1')).total).toBe(0);
    await server.expectLedgerSound();
  });
});

describe('micro settlement', () => {
  it.each([
    ['up', '1', '110', 1, '80.00000000', '1079.00000000'],
    ['up', '1', '100', 0, '0.00000000', '999.00000000'],
    ['up', '1', '90', -1, '-100.00000000', '899.00000000'],
    ['down', '2', '90', 1, '80.00000000', '1079.00000000'],
    ['down', '2', '110', -1, '-100.00000000', '899.00000000'],
  ] as const)('settles a %s order (type %s) ending at %s once, by the rule, and moves the balance exactly', async (_d, type, endPrice, result, fact, balance) => {
    trade('100');
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    expect(await submit(user.token, { type })).toEqual({ type: 'ok', message: 'Order placed' });
    // stake 100 frozen, fee 1 paid
    expect(await microBalance(user.token)).toEqual({ available: '899.00000000', frozen: '100.00000000' });
    const [open] = (await lists(user.token, '1')).data;
    expect(open).toMatchObject({ type: Number(type), status: 1, seconds: 30, number: '100.00000000', fee: '1.00000000', open_price: '100.00000000', open_price_time: clock(), end_price: '', remain_milli_seconds: 30_000, profit_ratio: '80.00000000', symbol_name: 'BTC/USDT' });

    clock.advance(10_000);
    trade(endPrice);
    // not yet due: nothing settles
    await settleAfter(5_000);
    expect((await lists(user.token, '1')).data[0]).toMatchObject({ id: open!.id, remain_milli_seconds: 14_000 });
    const endTickMs = clock() - 5_000 - limits.microSettleLagMs;
    // a trade after the expiry does not count
    clock.advance(15_000);
    const afterExpiryMs = clock();
    trade('1000');
    await settleAfter(0);
    await server.engines.micro.idle();
    expect((await lists(user.token, '1')).total).toBe(0);
    const [closed] = (await lists(user.token, '3')).data;
    expect(closed).toMatchObject({ id: open!.id, status: 3, end_price: `${endPrice}.00000000`, end_price_time: endTickMs, profit_result: result, fact_profits: fact, remain_milli_seconds: 0 });
    expect(await microBalance(user.token)).toEqual({ available: balance, frozen: '0.00000000' });

    const answer = (await server.call(calls.microSettlement, { id: String(open!.id) })).message;
    expect(answer.record).toMatchObject({ order_id: open!.id, open_price: '100.00000000', end_price: `${endPrice}.00000000`, end_tick_time: endTickMs, fact_profits: fact });
    expect(createHash('sha256').update(answer.record.canonical).digest('hex')).toBe(answer.record.hash);
    // around each tick used: the ticks up to it, then the first after the opening (or the expiry), which did not count
    expect(answer.open_ticks.slice(-2)).toEqual([{ price: '100.00000000', time: open!.open_price_time }, { price: `${endPrice}.00000000`, time: endTickMs }]);
    expect(answer.end_ticks.slice(-3)).toEqual([
      { price: '100.00000000', time: open!.open_price_time },
      { price: `${endPrice}.00000000`, time: endTickMs },
      { price: '1000.00000000', time: afterExpiryMs },
    ]);
    await server.expectLedgerSound();
  });

  it('settles many orders due together in batches, each once and at the recorded price at its own expiry', async () => {
    trade('100');
    const users = await Promise.all([0, 1, 2].map(() => buildTrader(server, { funds: [[USDT, '10000', 'micro']] })));
    // 3 users x 12 orders: expiries 30 s, 60 s and 300 s apart, up and down
    const placed: { token: string; seconds: number; type: '1' | '2'; expiresAtMs: number }[] = [];
    for (let i = 0; i < 12; i++) {
      for (const user of users) {
        const seconds = [30, 60, 300][i % 3]!;
        const type = i % 2 === 0 ? '1' : '2';
        expect((await submit(user.token, { seconds: String(seconds), type, number: '10' })).type).toBe('ok');
        placed.push({ token: user.token, seconds, type, expiresAtMs: clock() + seconds * 1000 });
      }
      clock.advance(100);
    }
    // a settler of small batches takes over (36 orders in batches of 5) and records a trade every
    // second for six minutes, at a price that names its second; it settles once they are final.
    // Only the first user listens: only their closed orders are pushed
    await server.engines.micro.lose();
    const pushedTo: bigint[] = [];
    const small = new MicroSettler({
      clock,
      log: server.app.log,
      publish: (userId: bigint) => pushedTo.push(userId),
      listening: (userId: bigint) => userId === users[0]!.id,
      batchSize: 5,
    });
    await small.gain(server.lead());
    const priceAt = new Map<number, number>();
    const start = clock();
    for (let second = 1; second <= 360; second++) {
      clock.set(start + second * 1000);
      const price = 100 + ((second * 7) % 11) - 5;
      priceAt.set(clock(), price);
      const event: FeedEvent = { kind: 'trades', pairId: BTC_PAIR, trades: [{ timeMs: clock(), priceUnits: mustParseUnits(String(price)), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] };
      report!(event);
      small.tick({ ...event, seq: second });
    }
    clock.advance(limits.microSettleLagMs);
    await small.idle();
    await small.lose();
    await server.engines.micro.gain(server.lead());
    for (const user of users) expect((await lists(user.token, '1')).total).toBe(0);
    const closed = (await Promise.all(users.map((u) => server.call(calls.microLists, { status: '3', limit: '100' }, { token: u.token }))))
      .flatMap((answer) => answer.message.data)
      .filter((o) => o.created_at >= start - 1200);
    expect(closed).toHaveLength(36);
    expect(pushedTo).toEqual(Array<bigint>(12).fill(users[0]!.id));
    for (const order of closed) {
      // the last trade at or before the expiry: trades fall on whole seconds after `start`
      const tickMs = start + Math.floor((order.end_at - start) / 1000) * 1000;
      expect(order.end_price_time).toBe(tickMs);
      expect(order.end_price).toBe(`${priceAt.get(tickMs)}.00000000`);
    }
    const settlements = await server.db.selectFrom('micro_order').select('settle_seq').where('settle_seq', 'is not', null).orderBy('settle_seq').execute();
    expect(settlements.map((r) => r.settle_seq)).toEqual(settlements.map((_, i) => BigInt(i + 1)));
    expect((await verifyMicroChain(server.db)).breaks).toEqual([]);
    await server.expectLedgerSound();
  });

  it('pushes the closed order to its owner only', async () => {
    trade('100');
    const owner = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    const other = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    const socketOf = async (token: string) => {
      const socket = connect(server.url, { path: '/wss/socket.io/', transports: ['websocket'], forceNew: true });
      await new Promise((resolve) => socket.emit('login', { token }, resolve));
      return socket;
    };
    const [mine, theirs] = [await socketOf(owner.token), await socketOf(other.token)];
    try {
      const seen: unknown[] = [];
      theirs.on('closed_microorder', (e: unknown) => seen.push(e));
      theirs.on('afterCoinTrade', (e: unknown) => seen.push(e));
      const pushed = new Promise<unknown>((resolve) => mine.once('closed_microorder', resolve));
      const walletChanged = new Promise<unknown>((resolve) => mine.once('afterCoinTrade', resolve));
      expect((await submit(owner.token, {})).type).toBe('ok');
      const [open] = (await lists(owner.token, '1')).data;
      await settleAfter(30_000);
      const closed = ZClosedMicroOrderEvent.parse(await pushed);
      expect(closed).toMatchObject({ type: 'closed_microorder', to: Number(owner.id), data: { id: open!.id, status: 3, profit_result: 0 } });
      expect(closed.data).toEqual((await lists(owner.token, '3')).data.find((o) => o.id === open!.id));
      expect(ZMicroAfterCoinTradeEvent.parse(await walletChanged)).toEqual({
        type: 'afterCoinTrade', to: Number(owner.id), wallet: 'micro', currency_id: 3, match_id: BTC_PAIR, order_id: open!.id,
      });
      expect(seen).toEqual([]);
    } finally {
      mine.disconnect();
      theirs.disconnect();
    }
  });

  it('answers a settlement record only for a settled order', async () => {
    expect((await server.refused(calls.microSettlement, { id: '999999' })).code).toBe('micro_record_not_found');
  });

  it('settles the orders that fell due while no leader ran, once, when leadership returns', async () => {
    trade('100');
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    await server.engines.micro.lose();
    for (const type of ['1', '2', '1']) expect((await submit(user.token, { type })).type).toBe('ok');
    clock.advance(60_000);
    trade('120');
    await server.engines.micro.idle();
    expect((await lists(user.token, '1')).total).toBe(3);
    // the new leader rebuilds; a second gain (another leader) finds nothing left to settle
    await server.engines.micro.gain(server.lead());
    await server.engines.micro.gain(server.lead());
    await server.engines.micro.idle();
    const closed = (await lists(user.token, '3')).data;
    expect(closed).toHaveLength(3);
    // no tick reached the stopped settler: each ends at its open price, a draw
    expect(closed.map((o) => o.profit_result)).toEqual([0, 0, 0]);
    expect(await microBalance(user.token)).toEqual({ available: '997.00000000', frozen: '0.00000000' });
    const payouts = await server.db.selectFrom('ledger_txn').select('reference').where('kind', '=', 'micro_settle').execute();
    expect(new Set(payouts.map((p) => p.reference)).size).toBe(payouts.length);
    expect((await verifyMicroChain(server.db)).breaks).toEqual([]);
    await server.expectLedgerSound();
  });
  it('keeps a trade that arrives after its time was settled out of the record, so the record still proves the settlement', async () => {
    trade('100');
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    expect((await submit(user.token, {})).type).toBe('ok');
    const expiresAtMs = clock() + 30_000;
    await settleAfter(30_000);
    expect((await lists(user.token, '3')).data[0]).toMatchObject({ end_price: '100.00000000', profit_result: 0 });
    // a slow bus delivers a trade stamped before the expiry only now
    report!({ kind: 'trades', pairId: BTC_PAIR, trades: [{ timeMs: expiresAtMs - 1_000, priceUnits: mustParseUnits('150'), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] });
    await server.engines.micro.idle();
    const late = await server.db.selectFrom('micro_price_tick').select('time_ms').where('time_ms', '=', BigInt(expiresAtMs - 1_000)).execute();
    expect(late).toEqual([]);
    expect((await verifyMicroChain(server.db)).breaks).toEqual([]);
    await server.expectLedgerSound();
  });
  it('keeps out of the record the trades a leader saw but had not written when it lost the lead, once another leader settled past them', async () => {
    trade('100');
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    expect((await submit(user.token, {})).type).toBe('ok');
    const expiresAtMs = clock() + 30_000;
    const tradeAt = (settler: MicroSettler, timeMs: number, price: string) =>
      settler.tick({ kind: 'trades', pairId: BTC_PAIR, seq: 0, trades: [{ timeMs, priceUnits: mustParseUnits(price), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] });
    const recorded = async (timeMs: number) =>
      (await server.db.selectFrom('micro_price_tick').select('time_ms').where('time_ms', '=', BigInt(timeMs)).execute()).length;
    // a leader sees a trade before the expiry and loses the lead (stalled, its lock cut) before writing it
    await server.engines.micro.lose();
    const stalled = new MicroSettler({ clock, log: server.app.log, publish: () => undefined, listening: () => false });
    await stalled.gain(server.lead());
    clock.set(expiresAtMs - 1_000);
    tradeAt(stalled, clock(), '150');
    await stalled.lose();
    // the next leader settles by the record without it: a draw at the open price
    await server.engines.micro.gain(server.lead());
    await settleAfter(1_000);
    expect((await lists(user.token, '3')).data[0]).toMatchObject({ end_price: '100.00000000', profit_result: 0 });
    await server.engines.micro.lose();
    // leading again, the first process writes neither that trade nor one arriving now stamped before the settled expiry
    await stalled.gain(server.lead());
    tradeAt(stalled, expiresAtMs - 500, '160');
    clock.advance(limits.microSettleLagMs);
    await stalled.idle();
    await stalled.lose();
    await server.engines.micro.gain(server.lead());
    expect([await recorded(expiresAtMs - 1_000), await recorded(expiresAtMs - 500)]).toEqual([0, 0]);
    expect((await verifyMicroChain(server.db)).breaks).toEqual([]);
    await server.expectLedgerSound();
  });
  it('settles on while its batches are written, on trades that arrive meanwhile, recorded by the batch that settles on them', async () => {
    trade('100');
    const user = await buildTrader(server, { funds: [[USDT, '10000', 'micro']] });
    const firstExpiryMs = clock() + 30_000;
    // 21 orders 100 ms apart: a first batch of one, then four of five as the feed moves on
    for (let i = 0; i < 21; i++) {
      expect((await submit(user.token, { number: '10', type: i % 2 === 0 ? '1' : '2' })).type).toBe('ok');
      clock.advance(100);
    }
    await server.engines.micro.lose();
    const priceAt = new Map<number, number>();
    const feed = (settler: MicroSettler, price: number) => {
      priceAt.set(clock(), price);
      for (const pairId of [BTC_PAIR, ETH_PAIR]) {
        settler.tick({ kind: 'trades', pairId, seq: 0, trades: [{ timeMs: clock(), priceUnits: mustParseUnits(String(price)), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] });
      }
    };
    // each batch handed to the writer: 500 ms pass meanwhile, a trade of both pairs with them
    const jobNames: string[] = [];
    let batches = 0;
    const jobs: typeof server.app.jobs = {
      ...server.app.jobs,
      run: (call) => {
        jobNames.push(call.name);
        if (call.name === 'microSettle') {
          clock.advance(500);
          feed(settler, 101 + (batches++ % 3));
        }
        return server.app.jobs.run(call);
      },
    };
    const settler = new MicroSettler({ clock, log: server.app.log, publish: () => undefined, listening: () => false, batchSize: 5 });
    clock.set(firstExpiryMs);
    await settler.gain(server.lead(jobs));
    feed(settler, 100);
    clock.advance(1);
    feed(settler, 100);
    await settler.idle();
    await settler.lose();
    await server.engines.micro.gain(server.lead());
    // one pass: the trades after its start went in with the batches, no write of their own between them
    expect(jobNames.slice(0, jobNames.lastIndexOf('microSettle') + 1)).toEqual(['recordMicroTicks', ...Array<string>(5).fill('microSettle')]);
    const closed = (await server.call(calls.microLists, { status: '3', limit: '100' }, { token: user.token })).message.data;
    expect(closed).toHaveLength(21);
    const tickTimes = [...priceAt.keys()].sort((a, b) => a - b);
    for (const order of closed) {
      const tickMs = tickTimes.filter((t) => t <= order.end_at).at(-1)!;
      expect([order.end_price_time, order.end_price]).toEqual([tickMs, `${priceAt.get(tickMs)}.00000000`]);
    }
    expect((await verifyMicroChain(server.db)).breaks).toEqual([]);
    await server.expectLedgerSound();
  });

  it('settles once the feed traded past the expiry on every recorded pair, without waiting out the lag, and never before the expiry', async () => {
    trade('100');
    tradeOn(ETH_PAIR, '10');
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    expect((await submit(user.token, {})).type).toBe('ok');
    const expiresAtMs = clock() + 30_000;
    clock.set(expiresAtMs);
    trade('120');
    tradeOn(ETH_PAIR, '10');
    // trades stamped at the expiry itself: one more of that millisecond may still be in flight
    await server.engines.micro.idle();
    expect((await lists(user.token, '1')).total).toBe(1);
    clock.advance(1);
    trade('130');
    // ETH/USDT, also recorded, has traded only up to the expiry: its trades after it may be in flight
    await server.engines.micro.idle();
    expect((await lists(user.token, '1')).total).toBe(1);
    tradeOn(ETH_PAIR, '11');
    await server.engines.micro.idle();
    // 1 ms after the expiry, not the lag's 1,000 ms: settled at the last trade at or before the expiry
    expect((await lists(user.token, '1')).total).toBe(0);
    expect((await lists(user.token, '3')).data[0]).toMatchObject({ end_price: '120.00000000', end_price_time: expiresAtMs, profit_result: 1 });

    // a feed stamping trades ahead of this clock settles nothing before it expires
    trade('100');
    expect((await submit(user.token, {})).type).toBe('ok');
    const aheadMs = clock() + 30_005;
    for (const [pairId, price] of [[BTC_PAIR, '140'], [ETH_PAIR, '12']] as const) {
      report!({ kind: 'trades', pairId, trades: [{ timeMs: aheadMs, priceUnits: mustParseUnits(price), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] });
    }
    clock.advance(29_999);
    await server.engines.micro.idle();
    expect((await lists(user.token, '1')).total).toBe(1);
    clock.advance(1);
    await server.engines.micro.idle();
    expect((await lists(user.token, '3')).data[0]).toMatchObject({ end_price: '100.00000000', profit_result: 0 });
    // the tests after start from a trade at their own time, not the one stamped ahead
    clock.set(aheadMs + 1);
    trade('100');
    await server.expectLedgerSound();
  });
});

describe('micro money through the system accounts', () => {
  it.each([
    // stake 250 for 60 s (85%): fee 2.50, a win's profit 212.50
    ['win', '2', '90', '212.50000000', '-212.50000000', '1210.00000000'],
    ['loss', '1', '90', '-250.00000000', '250.00000000', '747.50000000'],
    ['draw', '2', '100', '0.00000000', '0.00000000', '997.50000000'],
  ] as const)('a %s (type %s, ending at %s): the fee to fees and the stake frozen at submission, then house takes the other side', async (_outcome, type, endPrice, fact, houseMoved, available) => {
    await settleLeftovers();
    trade('100');
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    const before = await systemBalances();
    expect((await submit(user.token, { type, seconds: '60', number: '250' })).type).toBe('ok');
    expect(await systemMoved(before)).toEqual({ fees: '2.50000000', house: '0.00000000' });
    expect(await microBalance(user.token)).toEqual({ available: '747.50000000', frozen: '250.00000000' });

    clock.advance(30_000);
    trade(endPrice);
    await settleAfter(30_000);
    expect((await lists(user.token, '3')).data).toMatchObject([{ end_price: `${endPrice}.00000000`, fact_profits: fact }]);
    // the fee stays with fees; house pays a win's profit, keeps a loss's stake, and a draw leaves it be
    expect(await systemMoved(before)).toEqual({ fees: '2.50000000', house: houseMoved });
    expect(await microBalance(user.token)).toEqual({ available, frozen: '0.00000000' });
    await server.expectLedgerSound();
  });
});

describe('micro settings staff change', () => {
  let admin: SignedInUser;
  beforeAll(async () => {
    admin = await buildStaff(server, { role: 'admin' });
  });
  const SEEDED_USDT = { currency_id: String(USDT), payable: '1', min: '10', max: '100000', fee: '1', presets: '10,50,100,500,1000,5000,10000,50000' };
  /** USDT's micro settings saved through the console: the seeded ones but for `change`. */
  const saveCurrency = async (change: Partial<typeof SEEDED_USDT>) =>
    await server.call(calls.adminMicroCurrencySave, { ...SEEDED_USDT, ...change }, { token: admin.token });
  const saveSeconds = async (seconds: string, profitRatio: string, status = '1') =>
    await server.call(calls.adminMicroSecondsSave, { seconds, profit_ratio: profitRatio, status }, { token: admin.token });
  const restoreSeeded = async () => {
    await saveCurrency({});
    await saveSeconds('30', '80');
    await saveSeconds('60', '85');
  };
  const terms = (rows: { number: string; fee: string; profit_ratio: string; fact_profits: string }[]) => rows.map((o) => [o.number, o.fee, o.profit_ratio, o.fact_profits]);

  it('applies a new stake range, fee and profit ratio to new submits and settles orders placed before on their own terms', async () => {
    await settleLeftovers();
    trade('100');
    const user = await buildTrader(server, { funds: [[USDT, '10000', 'micro']] });
    const before = await systemBalances();
    try {
      // placed on the seeded terms: stakes 10 to 100000, fee 1%, 30 s paying 80%
      expect((await submit(user.token, { number: '100' })).type).toBe('ok');
      await saveCurrency({ min: '20', max: '500', fee: '2.5', presets: '20,100,500' });
      await saveSeconds('30', '70');
      // stakes the old range took and the new one refuses
      expect(await submit(user.token, { number: '10' })).toMatchObject({ code: 'micro_amount_below_min', message: 'The number is below the minimum of 20' });
      expect((await submit(user.token, { number: '501' })).code).toBe('micro_amount_above_max');
      expect((await submit(user.token, { number: '200' })).type).toBe('ok');
      // fees 1 and 5 (2.5% of 200) paid, stakes 100 and 200 frozen
      expect(await systemMoved(before)).toEqual({ fees: '6.00000000', house: '0.00000000' });
      expect(await microBalance(user.token)).toEqual({ available: '9694.00000000', frozen: '300.00000000' });
      // staff change the terms again while both are open: neither order follows
      await saveCurrency({ fee: '5' });
      await saveSeconds('30', '90');
      expect(terms((await lists(user.token, '1')).data)).toEqual([
        ['200.00000000', '5.00000000', '70.00000000', '0.00000000'],
        ['100.00000000', '1.00000000', '80.00000000', '0.00000000'],
      ]);
      // and a new leader takes over before they are due: it reads both back from the database
      await server.engines.micro.lose();
      await server.engines.micro.gain(server.lead());

      clock.advance(10_000);
      trade('110');
      await settleAfter(20_000);
      // both won: 80% of 100 and 70% of 200, as placed
      expect(terms((await lists(user.token, '3')).data)).toEqual([
        ['200.00000000', '5.00000000', '70.00000000', '140.00000000'],
        ['100.00000000', '1.00000000', '80.00000000', '80.00000000'],
      ]);
      expect(await microBalance(user.token)).toEqual({ available: '10214.00000000', frozen: '0.00000000' });
      expect(await systemMoved(before)).toEqual({ fees: '6.00000000', house: '-220.00000000' });
    } finally {
      await restoreSeeded();
    }
    await server.expectLedgerSound();
  });

  it('refuses a listed pair closed for micro options, a listed currency that is not payable and a disabled expiry, each by its code', async () => {
    tradeOn(ETH_PAIR, '3000');
    trade('100');
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    const txns = async () => (await server.db.selectFrom('ledger_txn').select('id').execute()).length;
    const txnsBefore = await txns();
    const ethOrder = { match_id: String(ETH_PAIR) };
    try {
      await server.db.updateTable('micro_pair').set({ open_microtrade: 0n }).where('pair_id', '=', BigInt(ETH_PAIR)).execute();
      expect((await submit(user.token, ethOrder)).code).toBe('micro_pair_closed');

      await saveCurrency({ payable: '0' });
      expect((await server.call(calls.microPayableCurrencies, {}, { token: user.token })).message).toEqual([]);
      expect((await submit(user.token, {})).code).toBe('micro_currency_not_payable');
      await saveCurrency({});

      await saveSeconds('60', '85', '0');
      expect((await server.call(calls.microSeconds)).message).toContainEqual({ seconds: 60, profit_ratio: '85.00000000', status: 0 });
      expect((await submit(user.token, { seconds: '60' })).code).toBe('micro_seconds_invalid');
    } finally {
      await server.db.updateTable('micro_pair').set({ open_microtrade: 1n }).where('pair_id', '=', BigInt(ETH_PAIR)).execute();
      await restoreSeeded();
    }
    // nothing moved, and nothing was recorded in the ledger
    expect(await microBalance(user.token)).toEqual({ available: '1000.00000000', frozen: '0.00000000' });
    expect(await txns()).toBe(txnsBefore);
    expect((await lists(user.token, '1')).total).toBe(0);
    // each was the one thing in the way: switched back, the same orders are taken
    for (const form of [ethOrder, {}, { seconds: '60' }]) expect((await submit(user.token, form)).type).toBe('ok');
    clock.advance(60_000);
    tradeOn(ETH_PAIR, '3000');
    trade('100');
    await settleAfter(0);
    expect((await lists(user.token, '3')).total).toBe(3);
    await server.expectLedgerSound();
  });
});

describe('micro lists', () => {
  it('lists one pair’s orders by match_id, a page at a time', async () => {
    tradeOn(ETH_PAIR, '3000');
    trade('100');
    const user = await buildTrader(server, { funds: [[USDT, '10000', 'micro']] });
    // 13 orders on BTC/USDT and 4 on ETH/USDT, interleaved
    for (let i = 0; i < 17; i++) expect((await submit(user.token, { match_id: String(i % 4 === 1 ? ETH_PAIR : BTC_PAIR), number: '10' })).type).toBe('ok');
    const placed = await server.db.selectFrom('micro_order').select(['id', 'pair_id']).where('user_id', '=', user.id).orderBy('id', 'desc').execute();
    const idsOf = (pairId: number) => placed.filter((o) => o.pair_id === BigInt(pairId)).map((o) => Number(o.id));
    const page = async (query: Form<typeof calls.microLists>) => (await server.call(calls.microLists, query, { token: user.token })).message;

    const eth = await page({ status: '1', match_id: String(ETH_PAIR) });
    expect(eth).toMatchObject({ total: 4, current_page: 1, last_page: 1 });
    expect(eth.data.map((o) => o.id)).toEqual(idsOf(ETH_PAIR));
    expect(eth.data.every((o) => o.match_id === ETH_PAIR && o.symbol_name === 'ETH/USDT')).toBe(true);

    // BTC/USDT, 10 to a page: page 2 holds the 3 oldest
    const [first, second] = [await page({ status: '1', match_id: String(BTC_PAIR) }), await page({ status: '1', match_id: String(BTC_PAIR), page: '2' })];
    expect(second).toMatchObject({ total: 13, per_page: 10, current_page: 2, last_page: 2 });
    expect([...first.data, ...second.data].map((o) => o.id)).toEqual(idsOf(BTC_PAIR));
    expect(second.data.map((o) => o.id)).toEqual(idsOf(BTC_PAIR).slice(10));
    // and 5 to a page
    const byFive = await page({ status: '1', match_id: String(BTC_PAIR), page: '2', limit: '5' });
    expect(byFive).toMatchObject({ total: 13, per_page: 5, current_page: 2, last_page: 3 });
    expect(byFive.data.map((o) => o.id)).toEqual(idsOf(BTC_PAIR).slice(5, 10));
    expect((await page({ status: '1' })).total).toBe(17);

    clock.advance(30_000);
    tradeOn(ETH_PAIR, '3000');
    trade('100');
    await settleAfter(0);
    const closedEth = await page({ status: '3', match_id: String(ETH_PAIR) });
    expect(closedEth.data.map((o) => o.id)).toEqual(idsOf(ETH_PAIR));
    expect((await page({ status: '1', match_id: String(BTC_PAIR) })).total).toBe(0);
    await server.expectLedgerSound();
  });
});

describe('micro verifier', () => {
  const verify = async () => (await verifyMicroChain(server.db)).breaks.map((b) => b.kind);
  const settled = () =>
    server.db
      .selectFrom('micro_order')
      .selectAll()
      .where('settle_seq', 'is not', null)
      .$narrowType<{ end_price_units: bigint; end_tick_ms: bigint; payout_units: bigint }>();
  const lastRecord = () => settled().orderBy('settle_seq', 'desc').limit(1).executeTakeFirstOrThrow();
  /** Removes the first record with its order's row: the ledger's payout of it stays. */
  const removeFirstRecord = async () => {
    const first = await settled().orderBy('settle_seq').limit(1).executeTakeFirstOrThrow();
    await server.db.deleteFrom('micro_order').where('id', '=', first.id).execute();
    return first;
  };

  /** Stores `forged` through `set`, expects the verifier to name `kinds`, then stores `original` back and expects none. */
  const expectCaught = async <T>(set: (value: T) => Promise<unknown>, forged: T, original: T, kinds: string[]) => {
    await set(forged);
    expect(await verify()).toEqual(expect.arrayContaining(kinds));
    await set(original);
    expect(await verify()).toEqual([]);
  };

  it('passes on the chain the settler wrote', async () => {
    expect(await verify()).toEqual([]);
    expect((await verifyMicroChain(server.db)).records).toBeGreaterThan(50);
  });

  it('catches an edited price', async () => {
    const r = await lastRecord();
    const tick = (units: bigint) =>
      server.db.updateTable('micro_price_tick').set({ price_units: units }).where('pair_id', '=', r.pair_id).where('time_ms', '=', r.end_tick_ms).execute();
    await expectCaught(tick, r.end_price_units + 1n, r.end_price_units, ['end_price_mismatch']);
  });

  it('catches an edited end price on the order, as lists show it', async () => {
    const r = await lastRecord();
    const endPrice = (units: bigint) => server.db.updateTable('micro_order').set({ end_price_units: units }).where('id', '=', r.id).execute();
    await expectCaught(endPrice, r.end_price_units + 1n, r.end_price_units, ['hash_mismatch', 'end_price_mismatch']);
  });

  it('catches an edited payout', async () => {
    const r = await lastRecord();
    const payout = (units: bigint) => server.db.updateTable('micro_order').set({ payout_units: units }).where('id', '=', r.id).execute();
    await expectCaught(payout, r.payout_units + 1n, r.payout_units, ['hash_mismatch', 'payout_rule_mismatch', 'payout_ledger_mismatch']);
  });

  it('catches an order moved in time: its opening is not when the ledger took its stake', async () => {
    const r = await lastRecord();
    const txn = await server.db.selectFrom('ledger_txn').select(['id', 'created_at_ms']).where('kind', '=', 'micro_submit').where('reference', '=', `micro_order:${r.id}`).executeTakeFirstOrThrow();
    const takenAt = (ms: bigint) => server.db.updateTable('ledger_txn').set({ created_at_ms: ms }).where('id', '=', txn.id).execute();
    // the record itself is untouched: only its opening against the ledger's time breaks
    await takenAt(txn.created_at_ms + 1_000n);
    expect(await verify()).toEqual(['opened_mismatch']);
    await takenAt(txn.created_at_ms);
    expect(await verify()).toEqual([]);
  });

  it('catches an order opened at a price from after its opening', async () => {
    const r = await lastRecord();
    const openTick = (ms: bigint) => server.db.updateTable('micro_order').set({ open_tick_ms: ms }).where('id', '=', r.id).execute();
    await expectCaught(openTick, r.opened_at_ms + 1n, r.open_tick_ms, ['hash_mismatch', 'window_mismatch']);
  });

  it('catches an order closed without a settlement, its stake left frozen', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    trade('100');
    expect(await submit(user.token, {})).toMatchObject({ type: 'ok' });
    const order = await server.db.selectFrom('micro_order').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const status = (s: bigint) => server.db.updateTable('micro_order').set({ status: s }).where('id', '=', order.id).execute();
    await status(3n);
    expect(await verifyMicroChain(server.db)).toMatchObject({ breaks: [{ kind: 'record_missing', orderId: order.id, message: `order ${order.id}: closed but has no record and no settlement` }] });
    await status(1n);
    await settleAfter(30_000);
    expect(await verify()).toEqual([]);
    await server.expectLedgerSound();
  });

  it.skipIf(onPostgres)('catches a removed record, from the command line too', async () => {
    const check = () =>
      run(process.execPath, ['--import', 'tsx', cli], { env: { ...process.env, DATA_DIR: server.config.dataDir } }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    expect(await check()).toMatchObject({ code: 0, out: expect.stringContaining('passed') });
    const first = await removeFirstRecord();
    expect(await verify()).toEqual(expect.arrayContaining(['record_missing', 'link_broken', 'seq_gap']));
    const failed = await check();
    expect(failed.code).toBe(1);
    expect(failed.out).toContain(`order ${first.id}: settled in the ledger but has no record`);
    await server.expectLedgerSound();
  });

  it.runIf(onPostgres)('catches a removed record', async () => {
    await removeFirstRecord();
    expect(await verify()).toEqual(expect.arrayContaining(['record_missing', 'link_broken', 'seq_gap']));
    await server.expectLedgerSound();
  });
});
