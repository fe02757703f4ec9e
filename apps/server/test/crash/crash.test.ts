import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createRng, formatUnits, type Rng } from '@tidemark/core';
import { calls } from '@tidemark/protocol';
import { openDatabase, type Db } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/modules/bootstrap/service';
import { ledgerKeyOf } from '../../src/http/idempotency';
import { checkLedger } from '../../src/modules/ledger/check';
import { verifyMicroChain } from '../../src/modules/micro/service';
import { buildTrader, type Trader } from '../../src/testing/factories';
import { clientOf, onPostgres, outcomeOf, request, type Request } from '../harness';
import { newestPosition } from '../positions';

/**
 * The crash suite: a real server process takes transfers, withdrawals, micro orders, lever opens
 * and closes and spot orders with Idempotency-Keys from concurrent clients while it is killed with
 * SIGKILL at random moments and restarted. Afterwards every call answered ok is in the ledger
 * exactly once, every unanswered call retried with its key ends in one outcome, no key is left
 * without an answer, every micro order settles once (the chain verifies), no position is closed
 * twice and the ledger proves out.
 * CRASH_KILLS sets the number of kills (20 by default), SEED replays a run's schedule and operations.
 */
const NODE_SCRIPT = fileURLToPath(new URL('./crash-node.ts', import.meta.url));
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const CLIENTS = 6;
const TRADERS = 3;
const SEED = Number(process.env.SEED ?? randomBytes(4).readUInt32BE(0));
/** a restart that takes longer than this is a failure, not a slow machine */
const START_DEADLINE_MS = 60_000;
/** the last micro orders expire 30 s after they were placed: an upper bound for all to settle */
const MICRO_SETTLE_DEADLINE_MS = 120_000;
const USDT = 3n;
const UNIT = 100_000_000n;

type Kind = 'to_legal' | 'to_change' | 'withdraw' | 'micro' | 'lever_open' | 'lever_close' | 'spot_buy';
const isLever = (kind: Kind) => kind === 'lever_open' || kind === 'lever_close';
/** spot buys of BTC rest (the book has no sells) at this price, set once the server shows its index */
const spot = { price: '', priceUnits: 0n };
/** what a resting spot buy freezes: its value plus the fee at the higher rate (0.2%), rounded up */
const spotFrozenUnits = (amountUnits: bigint) => {
  const value = (spot.priceUnits * amountUnits) / UNIT;
  return value + (value * 2n + 999n) / 1000n;
};
interface Operation {
  trader: Trader;
  kind: Kind;
  amountUnits: bigint;
  /** the position a lever close targets: the trader's newest when the call is made */
  orderId?: string;
  key: string;
  /** ok, a refusal code, or unanswered while the server died */
  outcome: string;
  retried: boolean;
}

interface Node {
  child: ChildProcess;
  url: string;
}

interface Standby {
  child: ChildProcess;
  /** has the loaded process open the database and listen; resolves with its address */
  start(): Promise<Node>;
}

/** Spawns a server process that loads its code and waits to be started (see crash-node.ts). */
function spawnNode(env: Record<string, string>): Standby {
  const child = spawn(process.execPath, ['--import', 'tsx', NODE_SCRIPT], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const listening = new Promise<Node>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`the server exited with ${code ?? signal} before it listened`)));
    readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, url: (JSON.parse(line) as { url: string }).url }));
  });
  listening.catch(() => undefined);
  return {
    child,
    start() {
      child.send('start');
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the server did not listen within ${START_DEADLINE_MS} ms`)), START_DEADLINE_MS);
      });
      return Promise.race([listening, deadline]).finally(() => clearTimeout(timer));
    },
  };
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

const FORMS: Record<Kind, (op: Operation) => Request> = {
  to_legal: (op) => request(calls.walletChange, { number: formatUnits(op.amountUnits), from_field: 'change', to_field: 'legal', currency_id: '3' }),
  to_change: (op) => request(calls.walletChange, { number: formatUnits(op.amountUnits), from_field: 'legal', to_field: 'change', currency_id: '3' }),
  withdraw: (op) =>
    request(calls.walletOut, { currency: '3', number: formatUnits(op.amountUnits), address: op.trader.address.address, pay_password: op.trader.fundPassword }),
  micro: (op) =>
    request(calls.microSubmit, { match_id: '2', currency_id: '3', type: op.amountUnits % 2n === 0n ? '1' : '2', seconds: '30', number: formatUnits(op.amountUnits) }),
  // 5x and no stops: the random walk of a few minutes never liquidates, so every close is a call's
  lever_open: () => request(calls.leverSubmit, { legal_id: '3', currency_id: '1', multiple: '5', share: '10', type: '1', status: '1' }),
  lever_close: (op) => request(calls.leverClose, { id: op.orderId! }),
  spot_buy: (op) => request(calls.coinSubmit, { currency_id: '1', legal_id: '3', type: '1', status: '0', price: spot.price, number: formatUnits(op.amountUnits) }),
};
/** Refusals a lever call may meet: no price yet after a restart, a cap, a position another client closed. */
const LEVER_REFUSALS = ['lever_no_price', 'lever_price_stale', 'lever_positions_limit', 'lever_order_not_open', 'lever_order_not_found'];
/** The call's outcome: ok, the refusal's code, or unanswered when the connection died. */
const send = (url: string, op: Operation) => outcomeOf(url, FORMS[op.kind](op), { token: op.trader.token, headers: { 'idempotency-key': op.key } });

function nextOperation(rng: Rng, traders: readonly Trader[], client: number, n: number): Operation {
  const roll = rng.int(18);
  const kind: Kind =
    roll < 4
      ? 'to_legal'
      : roll < 8
        ? 'to_change'
        : roll < 10
          ? 'withdraw'
          : roll < 12
            ? 'micro'
            : roll < 14
              ? 'lever_open'
              : roll < 16
                ? 'lever_close'
                : 'spot_buy';
  // withdrawals and micro orders start at their minimum (10 USDT); transfers are a few cents to a
  // few USDT; spot buys 1 to 5 lots of 0.0001 BTC
  const amountUnits =
    kind === 'withdraw' || kind === 'micro'
      ? 10n * UNIT + BigInt(rng.int(500)) * 1_000_000n
      : kind === 'spot_buy'
        ? BigInt(1 + rng.int(5)) * 10_000n
        : BigInt(1 + rng.int(500)) * 1_000_000n;
  return { trader: traders[client % traders.length]!, kind, amountUnits, key: `s${SEED}-c${client}-${n}`, outcome: 'unsent', retried: false };
}

/** How an applied operation moves (change available, change frozen, legal available); micro orders move the micro wallet. */
function effect(op: Operation): [bigint, bigint, bigint] {
  const x = op.amountUnits;
  // micro orders and lever calls move their own wallets only
  if (op.kind === 'micro' || isLever(op.kind)) return [0n, 0n, 0n];
  if (op.kind === 'to_legal') return [-x, 0n, x];
  if (op.kind === 'to_change') return [x, 0n, -x];
  if (op.kind === 'spot_buy') return [-spotFrozenUnits(x), spotFrozenUnits(x), 0n];
  return [-x, x, 0n];
}

async function onPg(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

describe('the server killed with SIGKILL under money-moving calls', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-crash-'));
  const pgSchema = onPostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const target = { databaseUrl: onPostgres ? process.env.TEST_DATABASE_URL : undefined, dataDir, ...(pgSchema ? { pgSchema } : {}) };
  const nodeEnv = {
    CRASH_DATA_DIR: dataDir,
    ...(pgSchema ? { CRASH_DATABASE_URL: process.env.TEST_DATABASE_URL!, CRASH_PG_SCHEMA: pgSchema } : {}),
  };
  let node: Node | undefined;
  let standby: Standby | undefined;

  afterAll(async () => {
    if (node) await stopped(node.child, 'SIGKILL');
    if (standby) await stopped(standby.child, 'SIGKILL');
    if (pgSchema) await onPg(`drop schema if exists ${pgSchema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const openDb = async (): Promise<Db> => {
    const db = openDatabase(target);
    await migrate(db, pgSchema);
    return db;
  };

  it(`loses no acknowledged call, applies none twice and leaves no key in progress (${KILLS} kills)`, { timeout: 60_000 + MICRO_SETTLE_DEADLINE_MS + KILLS * 20_000 }, async () => {
    console.log(`crash suite (${onPostgres ? 'PostgreSQL' : 'SQLite'}): SEED=${SEED} CRASH_KILLS=${KILLS}`);
    if (pgSchema) await onPg(`create schema ${pgSchema}`);
    const setupDb = await openDb();
    await seed(setupDb);
    const ctx = { db: setupDb, clock: () => Date.now() };
    const traders: Trader[] = [];
    for (let i = 0; i < TRADERS; i++) traders.push(await buildTrader(ctx, { funds: [[USDT, '100000'], [USDT, '100000', 'micro'], [USDT, '100000', 'lever']] }));
    await setupDb.destroy();

    node = await spawnNode(nodeEnv).start();
    standby = spawnNode(nodeEnv);
    const depth = await clientOf(node.url).call(calls.depth, { legal_id: '3', currency_id: '1' });
    // the index on the pair's 0.01 step, well inside the 5% band for the length of a run
    spot.price = depth.message.last_price.replace(/(\.\d{2})\d*$/, '$1');
    spot.priceUnits = BigInt(spot.price.replace('.', '')) * 1_000_000n;
    /** resolves with the running server's address; replaced while it restarts */
    let up: Promise<Node> = Promise.resolve(node);
    let stopping = false;
    const operations: Operation[] = [];
    // answers so far, and who waits for the next one (kills come while calls are being answered)
    let answered = 0;
    let onAnswer = () => {};
    const answersBeyond = (count: number) =>
      new Promise<void>((resolve) => {
        onAnswer = () => answered >= count && resolve();
        onAnswer();
      });

    const client = async (index: number) => {
      const rng = createRng(SEED + index + 1);
      for (let n = 0; !stopping; n++) {
        const op = nextOperation(rng, traders, index, n);
        operations.push(op);
        if (op.kind === 'lever_close') op.orderId = await newestPosition((await up).url, op.trader.token);
        op.outcome = await send((await up).url, op);
        if (op.outcome !== 'unanswered') {
          answered++;
          onAnswer();
        }
        // the server died under this call: wait for it to come back, the call is retried at the end
        if (op.outcome === 'unanswered') await up;
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));

    const schedule = createRng(SEED);
    let kills = 0;
    while (kills < KILLS) {
      // a random moment: after 1 to 8 more answers, then 0 to 300 ms into the calls under way
      await answersBeyond(answered + 1 + schedule.int(8));
      await new Promise((resolve) => setTimeout(resolve, schedule.int(300)));
      const dying = node;
      let restarted!: (n: Node) => void;
      up = new Promise((resolve) => (restarted = resolve));
      await stopped(dying.child, 'SIGKILL');
      kills++;
      node = await standby.start();
      standby = spawnNode(nodeEnv);
      restarted(node);
    }
    stopping = true;
    await Promise.all(clients);

    // every unanswered call, retried with its key, ends in one outcome
    const unanswered = operations.filter((op) => op.outcome === 'unanswered');
    for (const op of unanswered) {
      op.retried = true;
      op.outcome = await send(node.url, op);
    }
    // every micro order accepted before a kill or after settles, on the last process
    const watch = await openDb();
    try {
      await vi.waitFor(
        async () => {
          const open = await watch.selectFrom('micro_order').select(({ fn }) => fn.countAll<bigint>().as('n')).where('status', '=', 1n).executeTakeFirstOrThrow();
          expect(Number(open.n)).toBe(0);
        },
        { timeout: MICRO_SETTLE_DEADLINE_MS, interval: 250 },
      );
    } finally {
      await watch.destroy();
    }
    await stopped(node.child, 'SIGTERM');
    await stopped(standby.child, 'SIGKILL');
    node = undefined;
    standby = undefined;

    const db = await openDb();
    try {
      const txnCount = new Map<string, number>();
      const txns = await db
        .selectFrom('ledger_txn')
        .select(['idempotency_key', 'kind'])
        .where('kind', 'in', ['transfer', 'withdraw_freeze', 'micro_submit', 'spot_freeze'])
        .execute();
      let unkeyed = 0;
      for (const t of txns) {
        if (t.idempotency_key === null) unkeyed++;
        else txnCount.set(t.idempotency_key, (txnCount.get(t.idempotency_key) ?? 0) + 1);
      }
      const countOf = (op: Operation) => txnCount.get(ledgerKeyOf(op.trader.id, op.key)) ?? 0;
      // lever postings are keyed by their order, not the call: checked by count below
      const walletOps = operations.filter((op) => !isLever(op.kind));
      const acknowledged = walletOps.filter((op) => op.outcome === 'ok');
      const lost = acknowledged.filter((op) => countOf(op) === 0).length;
      const refusedYetApplied = walletOps.filter((op) => op.outcome !== 'ok' && countOf(op) > 0).length;
      const applied = walletOps.filter((op) => countOf(op) > 0);
      const withdrawals = await db.selectFrom('withdrawal').select(({ fn }) => fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
      const microOrders = await db.selectFrom('micro_order').select(['id', 'status']).execute();
      const spotOrders = await db.selectFrom('spot_order').select(({ fn }) => fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
      const appliedTwice =
        operations.reduce((sum, op) => sum + Math.max(0, countOf(op) - 1), 0) +
        unkeyed +
        Math.max(0, Number(withdrawals.n) - applied.filter((op) => op.kind === 'withdraw').length) +
        Math.max(0, microOrders.length - applied.filter((op) => op.kind === 'micro').length) +
        Math.max(0, Number(spotOrders.n) - applied.filter((op) => op.kind === 'spot_buy').length);
      // each micro order settled once: one payout, and the chain (one record an order, on its row) verifies
      const payouts = await db.selectFrom('ledger_txn').select('reference').where('kind', '=', 'micro_settle').execute();
      const microUnsettled = microOrders.filter((o) => o.status !== 3n).length;
      const microSettledTwice = payouts.length - new Set(payouts.map((p) => p.reference)).size;
      const microBreaks = (await verifyMicroChain(db)).breaks.length;
      const inProgress = await db.selectFrom('idempotency_request').select('key').where('response', 'is', null).execute();
      // a micro order is refused over the open-order cap, or while a restarted feed has no fresh price yet
      const unexpected = operations.filter(
        (op) =>
          !['ok', 'insufficient_balance', 'withdraw_daily_limit', 'micro_open_orders_max', 'micro_price_stale', ...(isLever(op.kind) ? LEVER_REFUSALS : [])].includes(
            op.outcome,
          ),
      );
      // every answered open and close happened once: as many postings of each as calls answered ok, and no position closed twice
      const leverOrders = await db.selectFrom('lever_order').select(['id', 'status']).execute();
      const leverPostings = await db.selectFrom('ledger_txn').select(['kind', 'reference']).where('kind', 'in', ['lever_open', 'lever_close']).execute();
      const postingsOf = (kind: string) => leverPostings.filter((t) => t.kind === kind);
      const okOf = (kind: Kind) => operations.filter((op) => op.kind === kind && op.outcome === 'ok').length;
      const closedTwice = postingsOf('lever_close').length - new Set(postingsOf('lever_close').map((t) => t.reference)).size;
      const lever = {
        opensAnsweredOk: okOf('lever_open'),
        opensPosted: postingsOf('lever_open').length,
        closesAnsweredOk: okOf('lever_close'),
        closesPosted: postingsOf('lever_close').length,
        ordersClosed: leverOrders.filter((o) => o.status === 3n).length,
        closedTwice,
      };

      // each trader's balances are the starting ones moved by exactly the applied operations
      let drift = (await checkLedger(db)).length;
      for (const trader of traders) {
        const expected = { change: [100_000n * UNIT, 0n], legal: [0n, 0n] };
        for (const op of applied.filter((o) => o.trader === trader)) {
          const [change, frozen, legal] = effect(op);
          expected.change[0]! += change;
          expected.change[1]! += frozen;
          expected.legal[0]! += legal;
        }
        const accounts = await db.selectFrom('account').select(['wallet', 'available_units', 'frozen_units']).where('user_id', '=', trader.id).where('currency_id', '=', USDT).execute();
        for (const wallet of ['change', 'legal'] as const) {
          const row = accounts.find((a) => a.wallet === wallet);
          const actual = [row?.available_units ?? 0n, row?.frozen_units ?? 0n];
          if (actual[0] !== expected[wallet][0] || actual[1] !== expected[wallet][1]) drift++;
        }
      }

      console.log(
        [
          `kills survived: ${kills}`,
          `operations sent: ${operations.length} (unanswered and retried: ${unanswered.length})`,
          `operations acknowledged: ${acknowledged.length} (spot orders: ${acknowledged.filter((op) => op.kind === 'spot_buy').length})`,
          `operations lost: ${lost}`,
          `applied twice: ${appliedTwice}`,
          `refused yet applied: ${refusedYetApplied}`,
          `keys left in progress: ${inProgress.length}`,
          `micro orders: ${microOrders.length}, unsettled ${microUnsettled}, settled twice ${microSettledTwice}, chain breaks ${microBreaks}`,
          `lever opens acknowledged: ${lever.opensAnsweredOk} (posted ${lever.opensPosted}), closes acknowledged: ${lever.closesAnsweredOk} (posted ${lever.closesPosted}), closed twice: ${closedTwice}`,
          `ledger drift: ${drift}`,
        ].join('\n'),
      );
      expect(kills).toBe(KILLS);
      expect(unexpected.map((op) => `${op.key}: ${op.outcome}`)).toEqual([]);
      expect(lever).toEqual({
        opensAnsweredOk: lever.opensPosted,
        opensPosted: lever.opensPosted,
        closesAnsweredOk: lever.closesPosted,
        closesPosted: lever.ordersClosed,
        ordersClosed: lever.ordersClosed,
        closedTwice: 0,
      });
      expect({ lost, appliedTwice, refusedYetApplied, inProgress: inProgress.length, drift, microUnsettled, microSettledTwice, microBreaks }).toEqual({
        lost: 0,
        appliedTwice: 0,
        refusedYetApplied: 0,
        inProgress: 0,
        drift: 0,
        microUnsettled: 0,
        microSettledTwice: 0,
        microBreaks: 0,
      });
    } finally {
      await db.destroy();
    }
  });
});
