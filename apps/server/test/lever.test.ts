import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { manualClock, mustParseUnits, type FeedEvent, type ManualClock } from '@tidemark/core';
import { calls, limits, ZLeverTradeEvent, type TLeverTradeEvent } from '@tidemark/protocol';
import type { Db } from '../src/db/database';
import { groupCommit } from '../src/db/group-commit';
import { Rejection } from '../src/rejection';
import type { AppJobArgs as JobArgs } from '../src/writer/jobs';
import { buildTrader } from '../src/testing/factories';
import { onPostgres, startTestServer, type Form, type TestServer } from './harness';

const USDT = 3n;
const BTC_PAIR = { currency_id: '1', legal_id: '3' };
const BTC_PAIR_ID = 2;

/** A server whose only prices are the trades a test reports, on a manual clock. */
async function startLeverServer(env: Record<string, string> = {}) {
  const clock = manualClock(Date.UTC(2026, 10, 24, 12));
  let report: ((event: FeedEvent) => void) | undefined;
  const server = await startTestServer({
    env,
    market: { clock, flushMs: 3_600_000, feed: () => ({ start: async (r) => void (report = r), stop: async () => {} }) },
  });
  /** one trade at `price` now, reported to the feed's listeners */
  const tell = (price: string, pairId = BTC_PAIR_ID) =>
    report!({ kind: 'trades', pairId, trades: [{ timeMs: clock(), priceUnits: mustParseUnits(price), amountUnits: 100_000n, direction: 'buy' }] });
  /** one trade at `price` now; resolves when the lever engine has decided on it */
  const trade = async (price: string, pairId = BTC_PAIR_ID) => {
    tell(price, pairId);
    await server.engines.lever.idle();
  };
  /** the feed's book of a pair, best levels first */
  const book = (bids: [string, string][], asks: [string, string][], pairId = BTC_PAIR_ID) =>
    report!({ kind: 'depth', pairId, depth: { bids: bids.map(([p, a]) => [mustParseUnits(p), mustParseUnits(a)]), asks: asks.map(([p, a]) => [mustParseUnits(p), mustParseUnits(a)]) } });
  return { server, clock, trade, tell, book };
}

let server: TestServer;
let clock: ManualClock;
let trade: (price: string) => Promise<void>;
let tell: (price: string) => void;
let book: (bids: [string, string][], asks: [string, string][]) => void;

beforeAll(async () => {
  ({ server, clock, trade, tell, book } = await startLeverServer());
  await trade('60000');
});
afterAll(() => server.close());

const leverTrader = () => buildTrader(server, { funds: [[USDT, '1000', 'lever']] });
const submit = (token: string, form: Form<typeof calls.leverSubmit>) =>
  server.attempt(calls.leverSubmit, { ...BTC_PAIR, multiple: '10', share: '10', type: '1', status: '1', ...form }, { token });
const orders = async (token: string, status = '-1') => (await server.call(calls.leverMyTrade, { status }, { token })).message;
const leverBalance = async (token: string) => {
  const list = (await server.call(calls.walletList, {}, { token })).message;
  const row = list.lever_wallet.balance.find((b) => b.currency === 3)!;
  return { available: row.lever_balance, frozen: row.lock_lever_balance };
};
/** Holds the engine's close of `orderId` from committing until released: a trigger decided, its write not yet done. */
function holdEngineClose(orderId: number) {
  const { jobs } = server.app;
  const run = jobs.run;
  let reached!: () => void;
  let release!: () => void;
  const decided = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  jobs.run = (async (call) => {
    if (call.name === 'leverClose' && (call.args as JobArgs<'leverClose'>).event.order.id === BigInt(orderId)) {
      reached();
      await released;
    }
    return run.call(jobs, call);
  }) as typeof jobs.run;
  return {
    decided,
    release: () => {
      jobs.run = run;
      release();
    },
  };
}
const closeTxns = (orderId: number) =>
  server.db.selectFrom('ledger_txn').select('id').where('reference', '=', `lever_order:${orderId}`).where('kind', '=', 'lever_close').execute();
/** submits and waits for the engine to watch the new order */
const open = async (token: string, form: Form<typeof calls.leverSubmit> = {}) => {
  const answer = await submit(token, form);
  expect(answer).toMatchObject({ type: 'ok' });
  await server.engines.lever.idle();
  return (await orders(token)).message.data[0]!;
};

describe('lever deal', () => {
  it('answers the pair’s settings, book, last price and the trader’s lever balance', async () => {
    const user = await leverTrader();
    const deal = (await server.call(calls.leverDeal, BTC_PAIR, { token: user.token })).message;
    expect(deal).toMatchObject({
      last_price: '60000.00000000',
      multiple: { muit: [{ value: 5 }, { value: 10 }, { value: 20 }, { value: 50 }, { value: 100 }], share: [{ value: 10 }, { value: 20 }, { value: 50 }, { value: 100 }] },
      all_levers: '1000.00000000',
      user_lever: '1000.00000000',
      lever_share_limit: { min: 10, max: 100 },
      lever_share_num: '0.00100000',
    });
    expect(deal.lever_transaction).toHaveProperty('in');
    // the book as [price, amount] pairs: bids best first, asks highest first (stacked above the bids)
    book(
      [['59999', '1.5'], ['59998', '2']],
      [['60001', '0.5'], ['60002', '3']],
    );
    expect((await server.call(calls.leverDeal, BTC_PAIR, { token: user.token })).message.lever_transaction).toEqual({
      in: [['59999.00000000', '1.50000000'], ['59998.00000000', '2.00000000']],
      out: [['60002.00000000', '3.00000000'], ['60001.00000000', '0.50000000']],
    });
    // all_levers counts the margin a position holds, user_lever only what is free
    await open(user.token);
    expect((await server.call(calls.leverDeal, BTC_PAIR, { token: user.token })).message).toMatchObject({ all_levers: '999.39970000', user_lever: '939.36970000' });
    expect(await server.refused(calls.leverDeal, { currency_id: '99', legal_id: '3' }, { token: user.token })).toMatchObject({ code: 'lever_pair_closed' });
    expect(await server.refused(calls.leverDeal, {}, { token: user.token })).toMatchObject({ code: 'lever_pair_closed' });
    expect(await server.refused(calls.leverDeal, BTC_PAIR)).toMatchObject({ type: '999' });
  });
});

describe('lever submit', () => {
  it('opens a long at market: spread added, margin frozen and fee paid in one ledger transaction', async () => {
    const user = await leverTrader();
    const row = await open(user.token);
    // 60000 + 0.05% = 60030; value 60030 x 10 hands x 0.001 = 600.30; margin /10; fee 0.1%
    expect(row).toMatchObject({
      type: 1,
      status: 1,
      share: 10,
      number: '0.01000000',
      multiple: 10,
      price: '60030.00000000',
      origin_price: '60000.00000000',
      open_price: '60030.00000000',
      caution_money: '60.03000000',
      trade_fee: '0.60030000',
      profits: '-0.30000000',
      open_tick_price: '60000.00000000',
      // equity 60.03 + (p - 60030) x 0.01 falls to 20% of the margin (12.006) at 55227.60: the highest
      // price that liquidates once PnL is rounded to 1e-8 is half a PnL unit above it
      liquidation_price: '55227.60000050',
      symbol: 'BTC/USDT',
    });
    expect(await leverBalance(user.token)).toEqual({ available: '939.36970000', frozen: '60.03000000' });
    // a pair with no trade yet has no price to open at
    expect(await submit(user.token, { currency_id: '2' })).toMatchObject({ type: 'error', code: 'lever_no_price' });
    await server.expectLedgerSound();
  });

  it('refuses every invalid order, in the caller’s language, changing nothing', async () => {
    const user = await leverTrader();
    const cases: Array<[Form<typeof calls.leverSubmit>, string]> = [
      [{ multiple: '7' }, 'lever_multiple_invalid'],
      [{ multiple: '' }, 'lever_multiple_invalid'],
      [{ share: '9' }, 'lever_hands_out_of_range'],
      [{ share: '101' }, 'lever_hands_out_of_range'],
      [{ share: '10.5' }, 'lever_hands_not_integer'],
      [{ type: '3' }, 'lever_type_invalid'],
      [{ status: '2' }, 'lever_status_invalid'],
      [{ status: '0', target_price: '' }, 'lever_price_invalid'],
      [{ target_profit_price: '59000' }, 'lever_take_profit_side'],
      [{ target_profit_price: '62000' }, 'lever_take_profit_out_of_range'],
      [{ stop_loss_price: '60500' }, 'lever_stop_loss_side'],
      [{ stop_loss_price: '58000' }, 'lever_stop_loss_out_of_range'],
      [{ type: '2', target_profit_price: '60500' }, 'lever_take_profit_side'],
      [{ type: '2', stop_loss_price: '59500' }, 'lever_stop_loss_side'],
      [{ currency_id: '99' }, 'lever_pair_closed'],
      [{ share: '100', multiple: '5' }, 'insufficient_balance'],
    ];
    for (const [form, code] of cases) expect([form, await submit(user.token, form)]).toMatchObject([form, { type: 'error', code }]);
    expect((await server.refused(calls.leverSubmit, { ...BTC_PAIR, multiple: '10', share: '5', type: '1', status: '1' }, { token: user.token, lang: 'en' })).message).toBe(
      'Hands must be between 10 and 100',
    );
    expect((await orders(user.token)).message.total).toBe(0);
    expect(await leverBalance(user.token)).toEqual({ available: '1000.00000000', frozen: '0.00000000' });
    await server.expectLedgerSound();
  });

  it('refuses a stale price', async () => {
    const user = await leverTrader();
    clock.advance(60_000);
    expect(await submit(user.token, {})).toMatchObject({ code: 'lever_price_stale' });
    await trade('60000');
    expect(await submit(user.token, {})).toMatchObject({ type: 'ok' });
    await server.expectLedgerSound();
  });
});

describe('group commit', () => {
  it('commits concurrent submits together: a refused one changes nothing, the others hold, none spends twice', async () => {
    const [rich, other] = [await leverTrader(), await leverTrader()];
    // margin 60.03 and fee 0.6003 a submit: 100 pays for one
    const poor = await buildTrader(server, { funds: [[USDT, '100', 'lever']] });
    const answers = await Promise.all([submit(rich.token, {}), submit(poor.token, {}), submit(poor.token, {}), submit(other.token, {}), submit(poor.token, {})]);
    expect(answers.map((a) => a.type)).toEqual(['ok', expect.any(String), expect.any(String), 'ok', expect.any(String)]);
    const poorAnswers = [answers[1], answers[2], answers[4]];
    expect(poorAnswers.filter((a) => a!.type === 'ok')).toHaveLength(1);
    expect(poorAnswers.filter((a) => a!.code === 'insufficient_balance')).toHaveLength(2);
    expect((await orders(poor.token, '1')).message.total).toBe(1);
    expect(await leverBalance(poor.token)).toEqual({ available: '39.36970000', frozen: '60.03000000' });
    expect((await orders(rich.token, '1')).message.total).toBe(1);
    await server.expectLedgerSound();
  });

  it('answers a key repeated inside one group once: one order, the same answer twice', async () => {
    const user = await leverTrader();
    const keyed = () => server.attempt(calls.leverSubmit, { ...BTC_PAIR, multiple: '10', share: '10', type: '1', status: '1' }, { token: user.token, headers: { 'idempotency-key': 'twice' } });
    const [first, second, third] = await Promise.all([keyed(), keyed(), submit(user.token, { share: '20' })]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ type: 'ok' });
    expect(third).toMatchObject({ type: 'ok' });
    expect((await orders(user.token, '1')).message.data.map((o) => o.share).sort()).toEqual([10, 20]);
    await server.expectLedgerSound();
  });

  it('runs works queued together in one transaction, answers each after its commit, and runs a failed one again alone', async () => {
    const group = groupCommit(server.db, limits.groupCommitMax);
    const seen: string[] = [];
    let failures = 0;
    const user = await leverTrader();
    const note = (trx: Db, text: string) =>
      trx.insertInto('idempotency_request').values({ user_id: user.id, key: text, request_hash: 'h', response: 'r', created_at_ms: 0n }).execute();
    const results = await Promise.allSettled([
      group(async (trx) => (await note(trx, 'a'), seen.push('ran a'), 'a')).finally(() => seen.push('answered a')),
      group(async (trx) => {
        await note(trx, 'refused');
        seen.push('ran refused');
        throw new Rejection('insufficient_balance');
      }).finally(() => seen.push('answered refused')),
      group(async (trx) => {
        await note(trx, 'flaky');
        if (failures++ === 0) throw new Error('a deadlock, say');
        return 'flaky';
      }),
      group(async (trx) => (await note(trx, 'b'), seen.push('ran b'), 'b')).finally(() => seen.push('answered b')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Rejection).code))).toEqual(['a', 'insufficient_balance', 'flaky', 'b']);
    // the first works ran before any was answered: they shared one commit
    expect(seen.slice(0, 2)).toEqual(['ran a', 'ran refused']);
    const keys = await server.db.selectFrom('idempotency_request').select('key').where('user_id', '=', user.id).orderBy('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['a', 'b', 'flaky']);
  });

  it('refuses a work that wrote nothing without running its group again', async () => {
    const group = groupCommit(server.db, limits.groupCommitMax);
    const user = await leverTrader();
    const ran: string[] = [];
    const note = (trx: Db, text: string) =>
      trx.insertInto('idempotency_request').values({ user_id: user.id, key: text, request_hash: 'h', response: 'r', created_at_ms: 0n }).execute();
    const results = await Promise.allSettled([
      group(async (trx) => (ran.push('a'), await note(trx, 'a'), 'a')),
      group(async () => {
        ran.push('refused');
        throw new Rejection('insufficient_balance');
      }),
      group(async (trx) => (ran.push('b'), await note(trx, 'b'), 'b')),
      group(async (trx) => (ran.push('c'), await note(trx, 'c'), 'c')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Rejection).code))).toEqual(['a', 'insufficient_balance', 'b', 'c']);
    expect(ran).toEqual(['a', 'refused', 'b', 'c']);
    const keys = await server.db.selectFrom('idempotency_request').select('key').where('user_id', '=', user.id).orderBy('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a submit short of funds having written nothing', async () => {
    const user = await leverTrader();
    const short = await server.refused(calls.leverSubmit, { ...BTC_PAIR, multiple: '5', share: '100', type: '1', status: '1' }, { token: user.token, headers: { 'idempotency-key': 'short' } });
    expect(short).toMatchObject({ type: 'error', code: 'insufficient_balance' });
    const claims = await server.db.selectFrom('idempotency_request').select('key').where('user_id', '=', user.id).execute();
    expect(claims).toEqual([]);
    expect((await orders(user.token, '-1')).message.data).toEqual([]);
    await server.expectLedgerSound();
  });
});

describe('group commit failing at its commit', () => {
  // A deferred foreign key, checked only at commit: an order of 77 hands makes the commit holding
  // it fail, in a group or alone, on either database.
  const POISON_HANDS = '77';
  beforeAll(async () => {
    await sql`create table commit_poison_parent (id integer primary key)`.execute(server.db);
    await sql`create table commit_poison (parent_id integer references commit_poison_parent (id) deferrable initially deferred)`.execute(server.db);
    if (onPostgres) {
      await sql`create function poison_commit() returns trigger language plpgsql as $$ begin insert into commit_poison (parent_id) values (1); return new; end $$`.execute(server.db);
      await sql`create trigger poison_lever_order after insert on lever_order for each row when (new.hands = 77) execute function poison_commit()`.execute(server.db);
    } else {
      await sql`create trigger poison_lever_order after insert on lever_order when new.hands = 77 begin insert into commit_poison (parent_id) values (1); end`.execute(server.db);
    }
  });
  afterAll(async () => {
    await sql`drop trigger poison_lever_order${onPostgres ? sql` on lever_order` : sql``}`.execute(server.db);
    await sql`drop table commit_poison`.execute(server.db);
    await sql`drop table commit_poison_parent`.execute(server.db);
  });

  it('runs the works of a group whose commit failed again alone: each answered once by its own commit', async () => {
    const group = groupCommit(server.db, limits.groupCommitMax);
    const user = await leverTrader();
    const ran: string[] = [];
    const note = async (trx: Db, text: string) => {
      ran.push(text);
      await trx.insertInto('idempotency_request').values({ user_id: user.id, key: text, request_hash: 'h', response: 'r', created_at_ms: 0n }).execute();
    };
    const results = await Promise.allSettled([
      group(async (trx) => (await note(trx, 'a'), 'a')),
      group(async (trx) => {
        await note(trx, 'poison');
        await sql`insert into commit_poison (parent_id) values (1)`.execute(trx);
        return 'poison';
      }),
      group(async (trx) => (await note(trx, 'b'), 'b')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // together first, then each of the failed batch alone (on SQLite `b` forms the next batch)
    expect(ran.slice(0, 2)).toEqual(['a', 'poison']);
    expect(ran.filter((text) => text === 'a')).toHaveLength(2);
    expect(ran.filter((text) => text === 'poison')).toHaveLength(2);
    const keys = await server.db.selectFrom('idempotency_request').select('key').where('user_id', '=', user.id).orderBy('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['a', 'b']);
  });

  it('answers every submit of the group; the one whose commit cannot hold claims no key and moves no money', async () => {
    const traders = [await leverTrader(), await leverTrader(), await leverTrader()];
    const keyed = (token: string, key: string, share: string) =>
      server.attempt(calls.leverSubmit, { ...BTC_PAIR, multiple: '10', share, type: '1', status: '1' }, { token, headers: { 'idempotency-key': key } });
    const answers = await Promise.all([
      keyed(traders[0]!.token, 'before', '10'),
      keyed(traders[1]!.token, 'poisoned', POISON_HANDS),
      keyed(traders[2]!.token, 'after', '20'),
      keyed(traders[0]!.token, 'again', '30'),
    ]);
    expect(answers.map((a) => a.type)).toEqual(['ok', 'error', 'ok', 'ok']);
    expect(answers[1]).toMatchObject({ code: 'internal' });
    // no claim without its answer, none for the failed submit
    const claims = await server.db
      .selectFrom('idempotency_request')
      .select(['user_id', 'key', 'response'])
      .where('user_id', 'in', traders.map((t) => t.id))
      .orderBy('key')
      .execute();
    expect(claims.map((c) => [c.user_id, c.key])).toEqual([
      [traders[2]!.id, 'after'],
      [traders[0]!.id, 'again'],
      [traders[0]!.id, 'before'],
    ]);
    expect(claims.every((c) => c.response !== null)).toBe(true);
    expect(await leverBalance(traders[1]!.token)).toEqual({ available: '1000.00000000', frozen: '0.00000000' });
    expect((await orders(traders[1]!.token)).message.total).toBe(0);
    expect((await orders(traders[0]!.token, '1')).message.data.map((o) => o.share).sort()).toEqual([10, 30]);
    expect((await orders(traders[2]!.token, '1')).message.total).toBe(1);
    // a retry with the key is a fresh attempt (nothing was claimed), refused again by its commit
    expect(await keyed(traders[1]!.token, 'poisoned', POISON_HANDS)).toMatchObject({ code: 'internal' });
    await server.engines.lever.idle();
    await server.expectLedgerSound();
  });
});

describe('entrusts', () => {
  it('places a limit long below the price, fills it when a trade reaches it, and cancel returns margin and fee', async () => {
    const user = await leverTrader();
    const pending = await open(user.token, { status: '0', target_price: '59000' });
    expect(pending).toMatchObject({ status: 0, origin_price: '59000.00000000', price: '59029.50000000' });
    const other = await open(user.token, { status: '0', target_price: '58000' });
    const intruder = await leverTrader();
    expect(await server.refused(calls.leverCancel, { id: String(other.id) }, { token: intruder.token })).toMatchObject({ code: 'lever_order_not_found' });
    expect(await server.refused(calls.leverClose, { id: String(other.id) }, { token: intruder.token })).toMatchObject({ code: 'lever_order_not_found' });
    expect(await server.refused(calls.leverSetStop, { id: String(other.id), target_profit_price: '0', stop_loss_price: '0' }, { token: intruder.token })).toMatchObject({
      code: 'lever_order_not_found',
    });
    // an entrust has no stops to move yet; an id of nobody's is not found
    expect(await server.refused(calls.leverSetStop, { id: String(other.id), target_profit_price: '0', stop_loss_price: '0' }, { token: user.token })).toMatchObject({
      code: 'lever_order_not_open',
    });
    expect(await server.refused(calls.leverCancel, { id: '999999' }, { token: user.token })).toMatchObject({ code: 'lever_order_not_found' });
    await server.call(calls.leverCancel, { id: String(other.id) }, { token: user.token });
    expect(await server.refused(calls.leverCancel, { id: String(other.id) }, { token: user.token })).toMatchObject({ code: 'lever_order_not_pending' });
    await server.engines.lever.idle();

    await trade('58900');
    const [filled] = (await orders(user.token, '1')).message.data;
    // filled at the trade that reached it, stored with that trade's time
    expect(filled).toMatchObject({ id: pending.id, status: 1, price: '59029.50000000', open_tick_price: '58900.00000000', open_tick_time_ms: clock() });
    expect(await server.refused(calls.leverCancel, { id: String(pending.id) }, { token: user.token })).toMatchObject({ code: 'lever_order_not_pending' });
    const revoked = (await orders(user.token, '4')).message.data;
    expect(revoked).toMatchObject([{ id: other.id, status: 4 }]);
    expect(revoked[0]!.complete_time_ms).toBe(clock());
    // one open position's margin and fee: the revoked entrust's came back
    expect(await leverBalance(user.token)).toEqual({ available: '940.38020500', frozen: '59.02950000' });
    await trade('60000');
    await server.expectLedgerSound();
  });
});

describe('positions', () => {
  it('closes once at take-profit with the right payout, at the tick’s price and time', async () => {
    const user = await leverTrader();
    const position = await open(user.token);
    await server.call(calls.leverSetStop, { id: String(position.id), target_profit_price: '60500', stop_loss_price: '59500' }, { token: user.token });
    expect(await server.refused(calls.leverSetStop, { id: String(position.id), target_profit_price: '59000', stop_loss_price: '0' }, { token: user.token })).toMatchObject({
      code: 'lever_take_profit_side',
      message: 'Take-profit must be above the current price (60000) and the open price on a long, below both on a short, or it would fire at once',
    });
    await server.engines.lever.idle();
    await trade('60400');
    expect((await orders(user.token, '1')).message.data).toHaveLength(1);
    clock.advance(1000);
    await trade('60600');
    await trade('60700');
    const closed = (await orders(user.token, '3')).message.data;
    expect(closed).toMatchObject([
      { id: position.id, status: 3, close_reason: 'take_profit', close_price: '60600.00000000', update_price: '60600.00000000', profits: '5.70000000', close_tick_time_ms: clock() },
    ]);
    // 1000 - 60.03 margin - 0.6003 fee + 60.03 + 5.70 back
    expect(await leverBalance(user.token)).toEqual({ available: '1005.09970000', frozen: '0.00000000' });
    expect(await server.refused(calls.leverClose, { id: String(position.id) }, { token: user.token })).toMatchObject({ code: 'lever_order_not_open' });
    const closes = await server.db.selectFrom('ledger_txn').select('id').where('reference', '=', `lever_order:${position.id}`).where('kind', '=', 'lever_close').execute();
    expect(closes).toHaveLength(1);
    await trade('60000');
    await server.expectLedgerSound();
  });

  it('refuses a stop the next tick would fire, naming the price, and lets a stop follow the price past the open', async () => {
    const user = await leverTrader();
    // a long opened at 60,030 (60,000 and the spread); the price rises to 60,500
    const position = await open(user.token);
    clock.advance(1000);
    await trade('60500');
    await server.engines.lever.idle();
    for (const stop of ['60500', '60600']) {
      expect(await server.refused(calls.leverSetStop, { id: String(position.id), target_profit_price: '0', stop_loss_price: stop }, { token: user.token, lang: 'en' })).toMatchObject({
        code: 'lever_stop_loss_side',
        message: 'Stop-loss must be below the current price (60500) on a long, above it on a short, and past the open price for an order not yet open, or it would fire at once',
      });
    }
    expect(await server.refused(calls.leverSetStop, { id: String(position.id), target_profit_price: '60500', stop_loss_price: '0' }, { token: user.token })).toMatchObject({
      code: 'lever_take_profit_side',
    });
    // above the open price, under the current one: it locks in a profit and waits for the price
    await server.call(calls.leverSetStop, { id: String(position.id), target_profit_price: '0', stop_loss_price: '60400' }, { token: user.token });
    await server.engines.lever.idle();
    clock.advance(1000);
    await trade('60450');
    await server.engines.lever.idle();
    expect((await orders(user.token, '1')).message.data).toHaveLength(1);
    clock.advance(1000);
    await trade('60400');
    await server.engines.lever.idle();
    expect((await orders(user.token, '3')).message.data).toMatchObject([{ id: position.id, close_reason: 'stop_loss', close_price: '60400.00000000', profits: '3.70000000' }]);
    await trade('60000');
    await server.expectLedgerSound();
  });

  it('liquidates at a gap and never takes more than the margin: the house bears the rest', async () => {
    const user = await leverTrader();
    const position = await open(user.token, { multiple: '100' });
    expect(position.caution_money).toBe('6.00300000');
    await trade('50000');
    const [closed] = (await orders(user.token, '3')).message.data;
    expect(closed).toMatchObject({ id: position.id, close_reason: 'liquidation', close_price: '50000.00000000', profits: '-100.30000000' });
    expect(await leverBalance(user.token)).toEqual({ available: '993.39670000', frozen: '0.00000000' });
    const row = await server.db.selectFrom('lever_order').select(['payout_units', 'shortfall_units']).where('id', '=', BigInt(position.id)).executeTakeFirstOrThrow();
    expect(row).toEqual({ payout_units: 0n, shortfall_units: mustParseUnits('94.297') });
    await trade('60000');
    await server.expectLedgerSound();
  });

  it('a manual close racing a trigger closes once', async () => {
    const user = await leverTrader();
    const position = await open(user.token, { stop_loss_price: '59500' });
    const [answer] = await Promise.all([server.attempt(calls.leverClose, { id: String(position.id) }, { token: user.token }), trade('59400')]);
    await server.engines.lever.idle();
    const [closed] = (await orders(user.token, '3')).message.data;
    expect(['manual', 'stop_loss']).toContain(closed!.close_reason);
    expect(answer.type === 'ok' || answer.code === 'lever_order_not_open').toBe(true);
    const closes = await server.db.selectFrom('ledger_txn').select('id').where('reference', '=', `lever_order:${position.id}`).where('kind', '=', 'lever_close').execute();
    expect(closes).toHaveLength(1);
    await trade('60000');
    await server.expectLedgerSound();
  });

  it('a stop-loss the engine decided, committing after a manual close, writes nothing: the position closes once', async () => {
    const user = await leverTrader();
    // a larger position's margin is frozen beside it: a second close would find margin to take
    const other = await open(user.token, { type: '2', share: '20' });
    const position = await open(user.token, { stop_loss_price: '59500' });
    const held = holdEngineClose(position.id);
    tell('59400');
    await held.decided;
    await server.call(calls.leverClose, { id: String(position.id) }, { token: user.token });
    held.release();
    await server.engines.lever.idle();
    expect((await orders(user.token, '3')).message.data).toMatchObject([{ id: position.id, close_reason: 'manual', close_price: '59400.00000000', profits: '-6.30000000' }]);
    expect(await closeTxns(position.id)).toHaveLength(1);
    await server.call(calls.leverClose, { id: String(other.id) }, { token: user.token });
    // 1000 - 60.03 margin - 0.6003 fee + 60.03 - 6.30, and the short of 20 hands: - 1.1994 fee + 11.40 (59970 -> 59400)
    expect(await leverBalance(user.token)).toEqual({ available: '1003.30030000', frozen: '0.00000000' });
    await trade('60000');
    await server.expectLedgerSound();
  });

  it('a stop the trader moved before the engine’s close committed does not close the position: the moved one does', async () => {
    const user = await leverTrader();
    const position = await open(user.token, { stop_loss_price: '59500' });
    const held = holdEngineClose(position.id);
    tell('59400');
    await held.decided;
    await server.call(calls.leverSetStop, { id: String(position.id), target_profit_price: '0', stop_loss_price: '59000' }, { token: user.token });
    held.release();
    await server.engines.lever.idle();
    expect((await orders(user.token, '1')).message.data).toMatchObject([{ id: position.id, status: 1, stop_loss_price: '59000.00000000' }]);
    expect(await closeTxns(position.id)).toHaveLength(0);
    clock.advance(1000);
    await trade('58900');
    expect((await orders(user.token, '3')).message.data).toMatchObject([{ id: position.id, close_reason: 'stop_loss', close_price: '58900.00000000' }]);
    expect(await closeTxns(position.id)).toHaveLength(1);
    await trade('60000');
    await server.expectLedgerSound();
  });

  it('closes manually at the current price and reports the risk figures', async () => {
    const user = await leverTrader();
    const position = await open(user.token, { type: '2' });
    // a short opens at 60000 - 0.05% = 59970
    expect(position.price).toBe('59970.00000000');
    await trade('59870');
    const listed = await orders(user.token, '1');
    expect(listed.rate_profits_total).toMatchObject({ profits_total: '1.00000000', caution_money_total: '59.97000000', hazard_rate: '101.66750042' });
    await server.call(calls.leverClose, { id: String(position.id) }, { token: user.token });
    expect((await orders(user.token, '3')).message.data[0]).toMatchObject({ close_reason: 'manual', close_price: '59870.00000000', profits: '1.00000000' });
    expect(await server.refused(calls.leverClose, { id: '999999' }, { token: user.token })).toMatchObject({ code: 'lever_order_not_found' });
    await trade('60000');
    await server.expectLedgerSound();
  });

  it('fires on gaining leadership a take-profit and an entry the price crossed while no leader ran', async () => {
    const user = await leverTrader();
    const position = await open(user.token, { target_profit_price: '60500' });
    const entrust = await open(user.token, { type: '2', status: '0', target_price: '60550' });
    await server.engines.lever.lose();
    // the price passes both while the engine is stopped; no tick after this one reaches it
    clock.advance(1000);
    await trade('60600');
    expect((await orders(user.token, '1')).message.data.map((o) => o.id)).toEqual([position.id]);
    await server.engines.lever.gain(server.lead());
    await server.engines.lever.idle();
    const [closed] = (await orders(user.token, '3')).message.data;
    expect(closed).toMatchObject({ id: position.id, close_reason: 'take_profit', close_price: '60600.00000000', close_tick_time_ms: clock() });
    expect((await orders(user.token, '1')).message.data).toMatchObject([{ id: entrust.id, type: 2, status: 1, open_tick_price: '60600.00000000' }]);
    await server.call(calls.leverClose, { id: String(entrust.id) }, { token: user.token });
    await trade('60000');
    await server.expectLedgerSound();
  });

  it('replays on gaining leadership the recorded seconds: a stop crossed and left again closes at the crossing price', async () => {
    const user = await leverTrader();
    const position = await open(user.token, { stop_loss_price: '59500' });
    const watched = await open(user.token, { target_profit_price: '60800' });
    await server.engines.lever.lose();
    // while no engine runs the price dips through the stop-loss and comes back; the seconds are recorded
    clock.advance(1000);
    const dipAtMs = clock();
    await trade('59400');
    await trade('59450');
    clock.advance(1000);
    await trade('60000');
    clock.advance(1000);
    await server.market.housekeep();
    await server.engines.lever.gain(server.lead());
    await server.engines.lever.idle();
    const [closed] = (await orders(user.token, '3')).message.data;
    expect(closed).toMatchObject({ id: position.id, close_reason: 'stop_loss', close_price: '59400.00000000', close_tick_time_ms: dipAtMs - (dipAtMs % 1000) });
    // a take-profit the recorded prices never reached stays open
    expect((await orders(user.token, '1')).message.data.map((o) => o.id)).toEqual([watched.id]);
    await server.call(calls.leverClose, { id: String(watched.id) }, { token: user.token });
    await server.expectLedgerSound();
  });

  it('pages my_trade as CLIENT-COMPAT says', async () => {
    const user = await leverTrader();
    await open(user.token);
    await open(user.token);
    await open(user.token, { status: '0', target_price: '59000' });
    const page = (await server.call(calls.leverMyTrade, { status: '-1', page: '2', limit: '2' }, { token: user.token })).message;
    expect(page.message).toMatchObject({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page.message.data).toHaveLength(1);
    expect((await orders(user.token, '0')).message.total).toBe(1);
    // filtered by pair: this one's orders, none of another pair's, none of a pair not listed
    const ofPair = async (pair: Form<typeof calls.leverMyTrade>) => (await server.call(calls.leverMyTrade, { status: '-1', ...pair }, { token: user.token })).message.message.total;
    expect(await ofPair(BTC_PAIR)).toBe(3);
    expect(await ofPair({ currency_id: '2', legal_id: '3' })).toBe(0);
    expect(await ofPair({ currency_id: '99', legal_id: '3' })).toBe(0);
  });
});

describe('lever_trade', () => {
  const socketOf = async (token: string) => {
    const socket = connect(server.url, { path: '/wss/socket.io/', transports: ['websocket'], forceNew: true });
    await new Promise((resolve) => socket.emit('login', { token }, resolve));
    return socket;
  };
  /** a round trip on the socket: whatever the server sent it before has arrived */
  const settled = async (socket: Socket, token: string) => {
    await server.app.leverTrade.idle();
    await new Promise((resolve) => socket.emit('login', { token }, resolve));
  };

  it('reaches its owner only: at once on an open and a close, and every two seconds while a position is held', async () => {
    const [owner, other] = [await leverTrader(), await leverTrader()];
    const [mine, theirs] = [await socketOf(owner.token), await socketOf(other.token)];
    try {
      const theirPushes: unknown[] = [];
      theirs.on('lever_trade', (event: unknown) => theirPushes.push(event));
      const pushes: TLeverTradeEvent[] = [];
      mine.on('lever_trade', (event: unknown) => pushes.push(ZLeverTradeEvent.parse(event)));
      const next = () => new Promise<TLeverTradeEvent>((resolve) => mine.once('lever_trade', resolve));

      let pushed = next();
      const position = await open(owner.token, { target_profit_price: '60500' });
      expect(await pushed).toMatchObject({
        type: 'lever_trade',
        to: Number(owner.id),
        hazard_rate: '99.50024988',
        profits_all: '-0.30000000',
        caution_money_all: '60.03000000',
        orders: [{ id: position.id, status: 1, target_profit_price: '60500.00000000' }],
      });

      clock.advance(limits.leverPushIntervalMs);
      pushed = next();
      await trade('60100');
      expect(await pushed).toMatchObject({ profits_all: '0.70000000', orders: [{ id: position.id, mark_price: '60100.00000000' }] });

      // within the interval a tick pushes nothing
      clock.advance(limits.leverPushIntervalMs / 2);
      const count = pushes.length;
      await trade('60200');
      await settled(mine, owner.token);
      expect(pushes).toHaveLength(count);

      // the take-profit close is pushed at once, interval or not
      pushed = next();
      await trade('60600');
      expect(await pushed).toMatchObject({ caution_money_all: '0.00000000', orders: [] });

      // holding nothing, the rounds leave the trader alone
      clock.advance(limits.leverPushIntervalMs);
      await trade('60000');
      await settled(mine, owner.token);
      expect(pushes).toHaveLength(count + 1);
      expect(theirPushes).toEqual([]);
      await server.expectLedgerSound();
    } finally {
      mine.disconnect();
      theirs.disconnect();
    }
  });

  it('coalesces the pushes of a burst of submits: the first at once, the rest in one push holding every order', async () => {
    const owner = await leverTrader();
    const mine = await socketOf(owner.token);
    try {
      const pushes: TLeverTradeEvent[] = [];
      mine.on('lever_trade', (event: unknown) => pushes.push(ZLeverTradeEvent.parse(event)));
      const first = new Promise<TLeverTradeEvent>((resolve) => mine.once('lever_trade', resolve));
      expect(await submit(owner.token, {})).toMatchObject({ type: 'ok' });
      expect((await first).orders).toHaveLength(1);
      // within the gap after that push: held back, then one push for both
      expect(await submit(owner.token, {})).toMatchObject({ type: 'ok' });
      expect(await submit(owner.token, { type: '2' })).toMatchObject({ type: 'ok' });
      await settled(mine, owner.token);
      expect(pushes).toHaveLength(2);
      expect(pushes[1]!.orders).toHaveLength(3);
      await server.expectLedgerSound();
    } finally {
      mine.disconnect();
    }
  });
});

describe('caps and closed pairs', () => {
  it('refuses a position or an entrust past the pair’s per-user caps, counting live orders only, and any order on a pair closed for contracts', async () => {
    const own = await startLeverServer();
    try {
      // set before the server reads the pairs' settings
      await own.server.db.updateTable('lever_pair').set({ positions_per_user_max: 2n, entrusts_per_user_max: 1n }).where('pair_id', '=', BigInt(BTC_PAIR_ID)).execute();
      await own.server.db.updateTable('lever_pair').set({ is_open: 0n }).where('pair_id', '=', 1n).execute();
      await own.trade('60000');
      await own.trade('3000', 1);
      const user = await buildTrader(own.server, { funds: [[USDT, '1000', 'lever']] });
      const post = (form: Form<typeof calls.leverSubmit>) =>
        own.server.attempt(calls.leverSubmit, { ...BTC_PAIR, multiple: '10', share: '10', type: '1', status: '1', ...form }, { token: user.token });
      expect(await post({})).toMatchObject({ type: 'ok' });
      expect(await post({ type: '2' })).toMatchObject({ type: 'ok' });
      expect(await post({})).toMatchObject({ type: 'error', code: 'lever_positions_limit' });
      expect(await post({ status: '0', target_price: '59000' })).toMatchObject({ type: 'ok' });
      expect(await post({ status: '0', target_price: '58000' })).toMatchObject({ type: 'error', code: 'lever_entrusts_limit' });
      expect(await post({ currency_id: '2' })).toMatchObject({ type: 'error', code: 'lever_pair_closed' });
      const live = await own.server.db.selectFrom('lever_order').select(['id', 'status']).where('user_id', '=', user.id).orderBy('id').execute();
      expect(live.map((o) => o.status)).toEqual([1n, 1n, 0n]);
      // a closed position frees its place
      await own.server.call(calls.leverClose, { id: String(live[0]!.id) }, { token: user.token });
      expect(await post({})).toMatchObject({ type: 'ok' });
      await own.server.expectLedgerSound();
    } finally {
      await own.server.close();
    }
  });
});

describe.skipIf(onPostgres)('restart', () => {
  it('rebuilds open positions and pending entrusts from the database and misses no trigger', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-lever-'));
    try {
      const first = await startLeverServer({ DATA_DIR: dataDir });
      await first.trade('60000');
      const user = await buildTrader(first.server, { funds: [[USDT, '1000', 'lever']] });
      await first.server.call(calls.leverSubmit, { ...BTC_PAIR, multiple: '10', share: '10', type: '1', status: '1', target_profit_price: '60500' }, { token: user.token });
      await first.server.call(calls.leverSubmit, { ...BTC_PAIR, multiple: '10', share: '10', type: '1', status: '0', target_price: '59000' }, { token: user.token });
      await first.server.close();

      const second = await startLeverServer({ DATA_DIR: dataDir });
      try {
        await second.trade('58000');
        await second.trade('60600');
        const rows = await second.server.db.selectFrom('lever_order').select(['status', 'close_reason']).orderBy('id').execute();
        // the position took profit; the entrust filled at 58000 and is still open at 60600
        expect(rows).toEqual([
          { status: 3n, close_reason: 'take_profit' },
          { status: 1n, close_reason: null },
        ]);
        await second.server.expectLedgerSound();
      } finally {
        await second.server.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
