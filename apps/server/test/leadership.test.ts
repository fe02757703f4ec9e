import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualClock, mustParseUnits, type FeedEvent, type TickEvent } from '@tidemark/core';
import { calls } from '@tidemark/protocol';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/modules/bootstrap/service';
import type { LeaderEngine } from '../src/engine/hosted';
import { openMarket } from '../src/engine/market/market';
import { LeadLost } from '../src/db/lead';
import { beginTerm } from '../src/modules/leadership/service';
import { registry } from '../src/metrics';
import { buildStaff, buildTrader, type Trader } from '../src/testing/factories';
import { jobRunner } from '../src/writer/jobs';
import { appJobs } from '../src/jobs';
import { onPostgres, startTestServer, type TestServer } from './harness';

/**
 * Engine leadership: every engine write proves its term (the epoch of engine_lease) inside its
 * own transaction, spot order writes name the state the book held, and one engine's broken state
 * stops it alone. The two-process runs with cut lock connections and stalled leaders are the
 * split-brain suite's.
 */
const BTC = 1n;
const ETH = 2n;
const USDT = 3n;
const BTC_PAIR = 2n;
const BTC_USDT = { currency_id: '1', legal_id: '3' };
const ETH_USDT = { currency_id: '2', legal_id: '3' };
const servers: TestServer[] = [];

// no simulated ticks: the index stays at the reference prices (BTC 67000, ETH 3500)
const start = async () => {
  const server = await startTestServer({ market: { clock: manualClock(Date.UTC(2030, 0, 15, 12, 0, 0)), stepMs: 3_600_000 } });
  servers.push(server);
  return server;
};
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const limitOrder = (server: TestServer, trader: Trader, pair: Record<string, string>, side: 'buy' | 'sell', price: string, number: string) =>
  server.call(calls.coinSubmit, { ...pair, type: side === 'buy' ? '1' : '2', status: '0', price, number }, { token: trader.token });
const orderRow = (server: TestServer, id: number) => server.db.selectFrom('spot_order').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
const fillsOf = (server: TestServer, id: number) =>
  server.db
    .selectFrom('spot_fill')
    .select('base_units')
    .where((eb) => eb.or([eb('maker_order_id', '=', BigInt(id)), eb('taker_order_id', '=', BigInt(id))]))
    .execute();

describe('the engine term', () => {
  it('refuses every engine write once a newer term began, writing nothing, and the process steps down', async () => {
    const server = await start();
    const lead = server.lead();
    const faults = () => server.db.selectFrom('engine_fault').selectAll().execute();
    const seconds = () => server.db.selectFrom('price_second').select('time_ms').where('time_ms', '=', 1_000n).execute();
    // a write of the current term commits
    await lead.write((trx) => trx.insertInto('engine_fault').values({ engine: 'test', scope: 'a', detail: 'x', since_ms: 1n, epoch: lead.epoch }).execute());
    expect(await faults()).toHaveLength(1);

    // another process takes the lead: its term begins
    const next = await beginTerm(server.db, server.clock());
    expect(next).toBe(lead.epoch + 1n);
    // a transaction of the old term, and a leader job (on SQLite run by the writer thread), write nothing
    await expect(lead.write((trx) => trx.deleteFrom('engine_fault').execute())).rejects.toBeInstanceOf(LeadLost);
    const bar = { timeMs: 1_000, openUnits: 1n, highUnits: 1n, lowUnits: 1n, closeUnits: 1n, volumeUnits: 1n };
    await expect(lead.run('recordBars', { seconds: [{ pairId: 2, bar }], candles: [] })).rejects.toBeInstanceOf(LeadLost);
    expect(await faults()).toHaveLength(1);
    expect(await seconds()).toEqual([]);
    // the refusal ended this process's term: it leads no more under it (on PostgreSQL it takes the lock again in a newer term)
    await vi.waitFor(() => expect(server.market.lead()?.epoch ?? null).not.toBe(lead.epoch));
    if (onPostgres) await vi.waitFor(() => expect(server.market.lead()?.epoch).toBe(next + 1n), { timeout: 10_000 });
    else expect(server.market.isLeader()).toBe(false);
  });

  it('lets an engine write only through its lead', async () => {
    const server = await start();
    const { db } = server.lead();
    const row = { engine: 'test', scope: 'b', detail: 'x', since_ms: 1n, epoch: 1n };
    expect(() => db.insertInto('engine_fault').values(row).compile()).toThrow('an engine wrote outside its lead');
    await expect(db.transaction().execute((trx) => trx.insertInto('engine_fault').values(row).execute())).rejects.toThrow('outside its lead');
    await expect(sql`delete from engine_fault`.execute(db)).rejects.toThrow('outside its lead');
    // reads are what it is for
    expect(await db.selectFrom('engine_lease').select('epoch').execute()).toHaveLength(1);
  });

  it.runIf(onPostgres)('begins a term only once the transactions that proved the previous one have ended', async () => {
    const server = await start();
    const lead = server.lead();
    let proved!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((resolve) => (proved = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const write = lead.write(async (trx) => {
      proved();
      await held;
      await trx.insertInto('engine_fault').values({ engine: 'test', scope: 'late', detail: 'x', since_ms: 1n, epoch: lead.epoch }).execute();
    });
    await inside;
    const next = beginTerm(server.db, server.clock());
    // the new term's update waits on the lease row the write holds shared
    await vi.waitFor(async () => {
      const waiting = await sql<{ n: bigint }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'update "engine_lease"%'`.execute(server.db);
      expect(Number(waiting.rows[0]!.n)).toBe(1);
    });
    release();
    await write;
    const epoch = await next;
    expect(epoch).toBe(lead.epoch + 1n);
    // the old term's write landed before the new term began, and nothing of it after
    expect(await server.db.selectFrom('engine_fault').select('scope').execute()).toEqual([{ scope: 'late' }]);
    await expect(lead.write(async () => undefined)).rejects.toBeInstanceOf(LeadLost);
  });
});

describe('the feed’s trades', () => {
  it('open a micro order only while the term whose feed made them is the current one', async () => {
    const clock = manualClock(Date.UTC(2030, 0, 15, 12, 0, 0));
    let report: ((event: FeedEvent) => void) | undefined;
    const server = await startTestServer({ market: { clock, feed: () => ({ start: async (r) => void (report = r), stop: async () => void (report = undefined) }) } });
    servers.push(server);
    report!({ kind: 'trades', pairId: Number(BTC_PAIR), trades: [{ timeMs: clock(), priceUnits: mustParseUnits('67000'), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] });
    const trader = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    const submit = () =>
      server.attempt(calls.microSubmit, { match_id: String(BTC_PAIR), currency_id: '3', type: '1', seconds: '30', number: '100' }, { token: trader.token });
    expect(await submit()).toMatchObject({ type: 'ok' });
    // another process begins a term before this one's feed made a trade of it: the last trade this
    // process knows may be missing from the record the new leader settles by
    await beginTerm(server.db, clock());
    expect(await submit()).toMatchObject({ type: 'error', code: 'micro_price_stale' });
    expect(await server.db.selectFrom('micro_order').select('id').execute()).toHaveLength(1);
    await server.expectLedgerSound();
  });
});

describe('spot order writes', () => {
  it('never fill an order another writer changed since the book read it: the command writes nothing and the book is rebuilt', async () => {
    const server = await start();
    const seller = await buildTrader(server, { funds: [[BTC, '0.01']] });
    const buyer = await buildTrader(server, { funds: [[USDT, '1000']] });
    const ask = await limitOrder(server, seller, BTC_USDT, 'sell', '67000', '0.01');
    await server.engines.spot.idle();
    // another writer filled the resting ask (as a stalled leader's late commit would have)
    await server.db.updateTable('spot_order').set({ status: 'filled', filled_units: mustParseUnits('0.01') }).where('id', '=', BigInt(ask.message.id)).execute();
    const bid = await limitOrder(server, buyer, BTC_USDT, 'buy', '67000', '0.01');
    await server.engines.spot.idle();
    // the matcher's book still held the ask: its command was refused as a whole, the book rebuilt
    expect(await fillsOf(server, ask.message.id)).toEqual([]);
    expect(await orderRow(server, ask.message.id)).toMatchObject({ status: 'filled', filled_units: mustParseUnits('0.01') });
    // the bid waits, and is taken on the rebuilt book: nothing to meet, it rests whole
    server.engines.spot.wake();
    await server.engines.spot.idle();
    expect(await orderRow(server, bid.message.id)).toMatchObject({ status: 'open', filled_units: 0n });
    expect(await fillsOf(server, bid.message.id)).toEqual([]);
  });
});

describe('one engine’s failure', () => {
  it('stops a pair whose stored book is unsound alone, names it with the order that broke it, and takes it back once repaired', async () => {
    const server = await start();
    const viewer = await buildStaff(server, { role: 'viewer' });
    const seller = await buildTrader(server, { funds: [[BTC, '0.01'], [ETH, '1']] });
    const buyer = await buildTrader(server, { funds: [[USDT, '10000']] });
    const ask = await limitOrder(server, seller, BTC_USDT, 'sell', '67000', '0.01');
    await server.engines.spot.idle();
    // the row breaks the restore check: more filled than its size
    const broken = { filled_units: mustParseUnits('0.02') };
    await server.db.updateTable('spot_order').set(broken).where('id', '=', BigInt(ask.message.id)).execute();
    await server.engines.spot.lose();
    await server.engines.spot.gain(server.lead());

    const risk = await server.call(calls.adminRisk, {}, { token: viewer.token });
    expect(risk.message.halted).toEqual([
      { engine: 'spot', scope: `pair ${BTC_PAIR}`, detail: expect.stringContaining(`order ${ask.message.id} (sell 1000000 at 6700000000000, filled 2000000`), since_ms: expect.any(Number) },
    ]);
    expect(risk.message.term).toEqual({ epoch: String(server.lead().epoch), since_ms: expect.any(Number) });
    expect(await registry.getSingleMetricAsString('tidemark_engine_halted')).toContain(`tidemark_engine_halted{engine="spot",scope="pair ${BTC_PAIR}"} 1`);

    // its orders wait; another pair trades on
    const btcBid = await limitOrder(server, buyer, BTC_USDT, 'buy', '67000', '0.01');
    const ethAsk = await limitOrder(server, seller, ETH_USDT, 'sell', '3500', '1');
    const ethBid = await limitOrder(server, buyer, ETH_USDT, 'buy', '3500', '1');
    await server.engines.spot.idle();
    expect(await orderRow(server, btcBid.message.id)).toMatchObject({ status: 'accepted' });
    expect(await orderRow(server, ethAsk.message.id)).toMatchObject({ status: 'filled' });
    expect(await orderRow(server, ethBid.message.id)).toMatchObject({ status: 'filled' });

    // repaired, the pair comes back (the engine tries every engineRetryMs; a new term tries at once) and takes the waiting bid
    await server.db.updateTable('spot_order').set({ filled_units: 0n }).where('id', '=', BigInt(ask.message.id)).execute();
    await server.engines.spot.lose();
    await server.engines.spot.gain(server.lead());
    await server.engines.spot.idle();
    expect((await server.call(calls.adminRisk, {}, { token: viewer.token })).message.halted).toEqual([]);
    expect(await registry.getSingleMetricAsString('tidemark_engine_halted')).not.toContain(`scope="pair ${BTC_PAIR}"`);
    expect(await orderRow(server, btcBid.message.id)).toMatchObject({ status: 'filled' });
    expect(await orderRow(server, ask.message.id)).toMatchObject({ status: 'filled', filled_units: mustParseUnits('0.01') });
    await server.expectLedgerSound();
  });

  it('stops an engine that cannot rebuild its state alone: the feed and the other engines go on, and the console names it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-lead-'));
    const db = openDatabase({ dataDir });
    try {
      await migrate(db);
      await seed(db);
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', MARKET_MAKER: '0' });
      const trade: FeedEvent = { kind: 'trades', pairId: 2, trades: [{ timeMs: Date.UTC(2030, 0, 1), priceUnits: mustParseUnits('67000'), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] };
      const market = await openMarket(db, config, {
        clock: manualClock(Date.UTC(2030, 0, 1)),
        feed: () => ({ start: async (report) => report(trade), stop: async () => undefined }),
      });
      const heard: string[] = [];
      const ticks: TickEvent[] = [];
      const engine = (name: LeaderEngine['name'], gain: () => Promise<void>): LeaderEngine => ({
        name,
        gain,
        tick: (event) => ticks.push(event),
        wake: () => heard.push(name),
        idle: async () => undefined,
        lose: async () => undefined,
      });
      market.host(engine('micro', () => Promise.reject(new Error('stored state of row 7 is unreadable'))));
      market.host(engine('lever', () => Promise.resolve()));
      const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as Parameters<typeof market.start>[0];
      await market.start(log, () => undefined, jobRunner(db, appJobs()));
      try {
        expect(market.isLeader()).toBe(true);
        expect(ticks).toHaveLength(1);
        market.wake('micro');
        market.wake('lever');
        expect(heard).toEqual(['lever']);
        expect(await db.selectFrom('engine_fault').select(['engine', 'scope', 'detail']).execute()).toEqual([
          { engine: 'micro', scope: 'engine', detail: 'stored state of row 7 is unreadable' },
        ]);
      } finally {
        await market.stop();
      }
    } finally {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
