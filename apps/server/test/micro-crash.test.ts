import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { calls, limits } from '@tidemark/protocol';
import { openDatabase, type Db } from '../src/db/database';
import { checkLedger } from '../src/modules/ledger/check';
import { verifyMicroChain } from '../src/modules/micro/service';
import { onPostgres } from './harness';
import type { MicroNodeCommand } from './micro-node';
import { onPg, pgUrl, redisUrl, spawnServer, type ServerProcess } from './cluster';

/**
 * Micro settlement across a SIGKILL and a leader change, with real server processes on a driven
 * clock (micro-node.ts): the settler is killed while 1,000 orders are due, in small batches, and
 * a restarted or surviving process settles what is left. Every order settles once, the chain
 * verifies and the ledger proves out.
 */
const NODE_SCRIPT = fileURLToPath(new URL('./micro-node.ts', import.meta.url));
const BTC_PAIR = 2;
/** small batches, so a kill lands between commits of the 1,000 */
const BATCH = 25;
const START_MS = Date.UTC(2031, 0, 1, 12, 0, 0);
/** an upper bound for a process to start or to finish settling, not a pause */
const DEADLINE_MS = 60_000;

type Node = ServerProcess<MicroNodeCommand>;

const children: ChildProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-micro-crash-'));
/** one database per test: an SQLite file, or a PostgreSQL schema */
interface Target {
  dataDir: string;
  pgSchema: string | undefined;
  db: Db;
}
const targets: Target[] = [];

async function newTarget(): Promise<Target> {
  const target = { dataDir: fs.mkdtempSync(path.join(dataDir, 'db-')), pgSchema: onPostgres ? `t_${randomBytes(6).toString('hex')}` : undefined };
  if (target.pgSchema) await onPg(`create schema ${target.pgSchema}`);
  const db = openDatabase({ databaseUrl: onPostgres ? pgUrl : undefined, dataDir: target.dataDir, ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}) });
  targets.push({ ...target, db });
  return { ...target, db };
}

function startNode({ dataDir, pgSchema }: Target, clockMs: number): Promise<Node> {
  const env = {
    NODE_DATA_DIR: dataDir,
    NODE_CLOCK_MS: String(clockMs),
    NODE_MICRO_BATCH: String(BATCH),
    ...(pgSchema ? { NODE_DATABASE_URL: pgUrl, NODE_PG_SCHEMA: pgSchema, NODE_REDIS_URL: redisUrl, NODE_REDIS_PREFIX: `tidemark-test-${pgSchema}` } : {}),
  };
  return Promise.race([
    spawnServer<MicroNodeCommand>(NODE_SCRIPT, env, children),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the server did not listen within ${DEADLINE_MS} ms`)), DEADLINE_MS).unref()),
  ]);
}

function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Places `perTrader` up or down orders of 10 USDT for 30 s for each trader, through HTTP, a few at a time. */
async function placeOrders(node: Node, traders: readonly Trader[], perTrader: number): Promise<void> {
  const forms = traders.flatMap((trader) => Array.from({ length: perTrader }, (_, i) => ({ trader, type: i % 2 === 0 ? '1' : '2' })));
  const send = async ({ trader, type }: (typeof forms)[number]) => {
    const answer = await node.call(
      calls.microSubmit,
      { match_id: String(BTC_PAIR), currency_id: '3', type, seconds: '30', number: '10' },
      { token: trader.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(answer).toEqual({ type: 'ok', message: 'Order placed' });
  };
  for (let i = 0; i < forms.length; i += 10) await Promise.all(forms.slice(i, i + 10).map(send));
}

type Trader = { token: string };

/** Micro orders: all of them, the open ones, or the settled ones (those with a settlement record). */
const count = async (db: Db, which: 'all' | 'open' | 'settled') => {
  let query = db.selectFrom('micro_order').select((eb) => eb.fn.countAll<string | number | bigint>().as('n'));
  if (which === 'open') query = query.where('status', '=', 1n);
  if (which === 'settled') query = query.where('settle_seq', 'is not', null);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** Every order closed, each with exactly one record and one payout; the chain verifies; the ledger proves out. */
async function expectSettledOnce(db: Db, orders: number, withinMs = DEADLINE_MS) {
  await vi.waitFor(async () => expect(await count(db, 'open')).toBe(0), { timeout: withinMs, interval: 50 });
  expect(await count(db, 'all')).toBe(orders);
  expect(await count(db, 'settled')).toBe(orders);
  const payouts = await db.selectFrom('ledger_txn').select('reference').where('kind', '=', 'micro_settle').execute();
  expect(new Set(payouts.map((p) => p.reference)).size).toBe(orders);
  expect(payouts).toHaveLength(orders);
  expect(await verifyMicroChain(db)).toEqual({ records: orders, breaks: [] });
  expect(await checkLedger(db)).toEqual([]);
}

afterAll(async () => {
  await Promise.all(children.map(killed));
  for (const { db, pgSchema } of targets) {
    await db.destroy();
    if (pgSchema) await onPg(`drop schema if exists ${pgSchema} cascade`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('micro settlement across a kill', () => {
  it('settles 1,000 orders once each when the server is killed while they are due and restarted', { timeout: 300_000 }, async () => {
    const target = await newTarget();
    const { db } = target;
    const first = await startNode(target, START_MS);
    await first.leading;
    const traders = (await first.command({ kind: 'traders', count: 1000 / limits.microOpenOrdersPerUserMax, microFunds: '1000' })) as Trader[];
    await first.command({ kind: 'trade', pairId: BTC_PAIR, price: '100' });
    await placeOrders(first, traders, limits.microOpenOrdersPerUserMax);
    expect(await count(db, 'open')).toBe(1000);
    // the price moves before the expiry; then the clock passes it and the settler's lag
    await first.command({ kind: 'advance', ms: 20_000 });
    await first.command({ kind: 'trade', pairId: BTC_PAIR, price: '105' });
    await first.command({ kind: 'advance', ms: 10_000 + limits.microSettleLagMs + 500 });
    // killed as soon as settling has begun: some batches committed, most not
    await vi.waitFor(async () => expect(await count(db, 'settled')).toBeGreaterThan(0), { timeout: DEADLINE_MS, interval: 5 });
    await killed(first.child);
    const settledBeforeKill = await count(db, 'settled');
    expect(settledBeforeKill).toBeLessThan(1000);

    const second = await startNode(target, START_MS + 31_500);
    await second.leading;
    await expectSettledOnce(db, 1000);
    // each at the recorded price at its expiry: ups won, downs lost
    const results = await db.selectFrom('micro_order').select(['type', 'profit_result', 'end_price_units']).execute();
    expect(results.every((r) => r.end_price_units === 105_00000000n && r.profit_result === (r.type === 1n ? 1n : -1n))).toBe(true);
    await killed(second.child);
  });
});

// Two processes on one PostgreSQL schema and Redis: the follower takes orders, the leader settles them.
describe.skipIf(!onPostgres)('micro settlement with two processes', () => {
  it('settles orders placed on the follower on time, and leaves none unsettled or settled twice when the leader dies', { timeout: 300_000 }, async () => {
    const target = await newTarget();
    const { db } = target;
    const nodes = await Promise.all([startNode(target, START_MS), startNode(target, START_MS)]);
    const leaderIndex = await Promise.race(nodes.map((n, i) => n.leading.then(() => i)));
    const leader = nodes[leaderIndex]!;
    const follower = nodes[1 - leaderIndex]!;
    // both clocks move together, as the machines' would
    const advance = (ms: number) => Promise.all(nodes.map((n) => n.command({ kind: 'advance', ms })));
    const traders = (await follower.command({ kind: 'traders', count: 3, microFunds: '1000' })) as Trader[];
    await leader.command({ kind: 'trade', pairId: BTC_PAIR, price: '100' });
    // the follower has the leader's price once Redis delivered it: an order is accepted
    const placeFirst = (trader: Trader) =>
      vi.waitFor(async () => {
        const answer = await follower.attempt(
          calls.microSubmit,
          { match_id: String(BTC_PAIR), currency_id: '3', type: '1', seconds: '30', number: '10' },
          { token: trader.token, headers: { 'idempotency-key': randomUUID() } },
        );
        expect(answer).toMatchObject({ type: 'ok' });
      }, { timeout: 10_000, interval: 100 });
    await placeFirst(traders[0]!);
    await placeOrders(follower, traders.slice(1), limits.microOpenOrdersPerUserMax);
    const firstRound = 1 + 2 * limits.microOpenOrdersPerUserMax;

    // on time: the leader settles them as soon as their prices are final
    await advance(20_000);
    await leader.command({ kind: 'trade', pairId: BTC_PAIR, price: '105' });
    await advance(10_000 + limits.microSettleLagMs + 500);
    await expectSettledOnce(db, firstRound, 10_000);

    // more orders on the follower; the leader is killed while settling them
    await leader.command({ kind: 'trade', pairId: BTC_PAIR, price: '100' });
    await placeFirst(traders[0]!);
    await placeOrders(follower, traders.slice(1), limits.microOpenOrdersPerUserMax);
    await advance(20_000);
    await leader.command({ kind: 'trade', pairId: BTC_PAIR, price: '95' });
    await advance(10_000 + limits.microSettleLagMs + 500);
    await vi.waitFor(async () => expect(await count(db, 'settled')).toBeGreaterThan(firstRound), { timeout: DEADLINE_MS, interval: 5 });
    await killed(leader.child);
    // killed in the middle: some of the second round still open
    expect(await count(db, 'open')).toBeGreaterThan(0);
    await follower.leading;
    await expectSettledOnce(db, 2 * firstRound);
  });
});
