/**
 * Settle: 100,000 micro orders expiring within the same second on SQLite, settled by the
 * leader's settler in batches (one database transaction per batch, each order's payout its own
 * ledger transaction inside it) written through the product's job runner (on SQLite its writer
 * thread, so a batch commits while the next is worked out). Three runs, each on an identical
 * database: as the orders fall due in real time, with a trade of every micro pair every 10 ms
 * (each expiry's prices final once a later trade arrived), printing how long the last order
 * waited from its expiry to its commit and the time from the last expiry to the last commit; all
 * due at once (a leader taking over after an outage), printing the time from final prices to the
 * last commit and orders per second; and the latter one transaction per order, the baseline.
 * The orders were accepted one after another through one second, so their ids follow their
 * expiries. Targets: all settled within 2 s; batching at least 5x faster. BENCH_DATABASE_URL runs
 * the same on PostgreSQL (a schema per run, dropped after). BENCH_SKIP_BASELINE=1 leaves out the
 * one-per-order run (for iterating; the speedup is then not printed). The CPU figure is the
 * process's, so both threads (the settler's and the writer's) over the settle window.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRng, manualClock, mustParseUnits as u, type Clock, type TickEvent } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import { appJobs, beginTerm, factories, inTransaction, jobRunner, MicroSettler, openLead, migrate, openDatabase, postTransaction, seed, startWriter, type Db, type JobRunner, type MicroSettlerOptions } from '@tidemark/server';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const USERS = 20;
const STAKE = u('10');
const BTC_PAIR = 2n;
const USDT = 3n;
/** the second all orders expire in */
const EXPIRY_MS = Date.UTC(2030, 0, 1, 12, 0, 0);
const SECONDS = 30;
const OPEN_PRICE = u('100');
const log = {
  error: (...args: unknown[]) => console.error(...args),
  warn: (...args: unknown[]) => console.error(...args),
  info: () => undefined,
} as unknown as MicroSettlerOptions['log'];

/** The engines' term on the benchmark's database, as a leader taking over begins it: the settler writes through it. */
const leadOn = async (db: Db, jobs: JobRunner, clock: Clock) => openLead({ db, jobs, epoch: await beginTerm(db, clock()), clock, log, lost: () => undefined });

/** a trade every 10 ms through the expiry second, around the open price: wins, draws and losses */
const TRADE_EVERY_MS = 10;
const tickRng = createRng(Number(process.env.SEED ?? 7));
const EXPIRY_TICKS = Array.from({ length: 1000 / TRADE_EVERY_MS }, (_, i) => ({ timeMs: EXPIRY_MS + i * TRADE_EVERY_MS, priceUnits: OPEN_PRICE + BigInt(tickRng.int(21) - 10) * u('0.01') }));

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const dataDirs: string[] = [];
const pgSchemas: string[] = [];

/** A fresh database holding the same funded users, open orders and recorded prices for every run, with its job runner. */
async function preparedDatabase(name: string): Promise<{ db: Db; jobs: JobRunner }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tidemark-bench-settle-${name}-`));
  dataDirs.push(dataDir);
  const pgSchema = `bench_settle_${name}_${process.pid}`;
  const db = openDatabase({ dataDir, databaseUrl: DATABASE_URL, pgSchema });
  if (DATABASE_URL) {
    pgSchemas.push(pgSchema);
    await db.schema.createSchema(pgSchema).execute();
  }
  await migrate(db, DATABASE_URL ? pgSchema : undefined);
  await seed(db);
  const clock = () => EXPIRY_MS - SECONDS * 1000;
  const perUser = Math.ceil(ORDERS / USERS);
  const users: bigint[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await factories.buildTrader({ db, clock }, { funds: [[USDT, String(perUser * 10), 'micro']] });
    // the stakes frozen, as accepted orders leave them
    await postTransaction(db, {
      kind: 'micro_submit',
      reference: `bench:${user.id}`,
      legs: [
        { account: { userId: user.id, wallet: 'micro', currencyId: USDT }, bucket: 'available', deltaUnits: -STAKE * BigInt(perUser) },
        { account: { userId: user.id, wallet: 'micro', currencyId: USDT }, bucket: 'frozen', deltaUnits: STAKE * BigInt(perUser) },
      ],
    }, clock());
    users.push(user.id);
  }
  const rng = createRng(Number(process.env.SEED ?? 7));
  const openedAt = EXPIRY_MS - SECONDS * 1000;
  await inTransaction(db, async (trx) => {
    await trx.insertInto('micro_price_tick').values({ pair_id: BTC_PAIR, time_ms: BigInt(openedAt - 1000), price_units: OPEN_PRICE }).execute();
    await trx.insertInto('micro_price_tick').values(EXPIRY_TICKS.map((t) => ({ pair_id: BTC_PAIR, time_ms: BigInt(t.timeMs), price_units: t.priceUnits }))).execute();
    const CHUNK = 500;
    for (let start = 0; start < ORDERS; start += CHUNK) {
      const rows = [];
      for (let i = start; i < Math.min(ORDERS, start + CHUNK); i++) {
        // accepted one after another through one second, 30 s before their expiry: ids follow the
        // acceptance, as the database gives them (orders of the other expiries due in that second would
        // be runs of their own, accepted 60, 120 or 300 s before)
        const opened = openedAt + Math.floor((i * 1000) / ORDERS);
        rows.push({
          user_id: users[i % USERS]!,
          pair_id: BTC_PAIR,
          currency_id: USDT,
          type: BigInt(1 + rng.int(2)),
          status: 1n,
          seconds: BigInt(SECONDS),
          number_units: STAKE,
          fee_units: u('0.1'),
          profit_ratio_units: u('80'),
          opened_at_ms: BigInt(opened),
          expires_at_ms: BigInt(opened + SECONDS * 1000),
          open_price_units: OPEN_PRICE,
          open_tick_ms: BigInt(openedAt - 1000),
        });
      }
      await trx.insertInto('micro_order').values(rows).execute();
    }
  });
  return { db, jobs: DATABASE_URL ? jobRunner(db, appJobs()) : startWriter(dataDir, log, { clock: () => Date.now(), table: appJobs() }) };
}

/** Settles every order with `batchSize` orders a transaction; the time from final prices to the last commit. */
async function settle({ db, jobs }: { db: Db; jobs: JobRunner }, batchSize: number): Promise<{ seconds: number; cpuSeconds: number; published: number }> {
  const clock = manualClock(EXPIRY_MS - 5_000);
  let published = 0;
  // every owner listening: every settled order's push is built
  const settler = new MicroSettler({ clock, log, publish: () => void (published += 1), listening: () => true, batchSize });
  // the leader holds the open orders before they fall due, as it would have since each was accepted
  await settler.gain(await leadOn(db, jobs, clock));
  // the last expiry's prices are final: every order is due
  clock.set(EXPIRY_MS + 1000 + limits.microSettleLagMs);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  await settler.idle();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  await settler.lose();
  const open = await db.selectFrom('micro_order').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 1n).executeTakeFirstOrThrow();
  const records = await db.selectFrom('micro_order').select((eb) => eb.fn.countAll<number>().as('n')).where('settle_seq', 'is not', null).executeTakeFirstOrThrow();
  if (Number(open.n) !== 0 || Number(records.n) !== ORDERS) throw new Error(`not all settled: ${open.n} open, ${records.n} records`);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, published };
}

/**
 * Settles the orders as they fall due, in real time: the clock runs from 2 s before the second
 * they expire in, and a trade of every pair open for micro options arrives every 10 ms (the
 * expiry second's as recorded), so each expiry's prices are final once a later trade arrived, as
 * a live feed makes them. Measures, at each batch's commit, how long its orders waited since
 * their own expiries, and the time from the last expiry to the last commit.
 */
async function settleLive({ db, jobs }: { db: Db; jobs: JobRunner }): Promise<{ worstSeconds: number; lastSeconds: number }> {
  const expiries = new Map((await db.selectFrom('micro_order').select(['id', 'expires_at_ms']).execute()).map((o) => [o.id, Number(o.expires_at_ms)]));
  const lastExpiryMs = Math.max(...expiries.values());
  const pairIds = (await db.selectFrom('micro_pair').select('pair_id').where('open_microtrade', '=', 1n).execute()).map((p) => Number(p.pair_id));
  const startMs = EXPIRY_MS - 2_000;
  // still until the leader holds the orders, as it would have since each was accepted
  let started: number | undefined = undefined;
  const clock: Clock = () => startMs + (started === undefined ? 0 : Math.floor(performance.now() - started));
  let settledCount = 0;
  let worstMs = 0;
  let lastCommitMs = 0;
  let allSettled!: () => void;
  const done = new Promise<void>((resolve) => (allSettled = resolve));
  // the batches' commits, timed as they land
  const timed: JobRunner = {
    ...jobs,
    run: (call) => {
      const outcome = jobs.run(call);
      if (call.name === 'microSettle') {
        const { orderIds } = (call.args as { batch: { orderIds: BigInt64Array } }).batch;
        void outcome.then(() => {
          lastCommitMs = clock();
          for (const id of orderIds) worstMs = Math.max(worstMs, lastCommitMs - expiries.get(id)!);
          settledCount += orderIds.length;
          if (settledCount === ORDERS) allSettled();
        });
      }
      return outcome;
    },
  };
  const settler = new MicroSettler({ clock, log, publish: () => undefined, listening: () => true, batchSize: limits.microSettleBatchMax });
  await settler.gain(await leadOn(db, timed, clock));
  started = performance.now();
  const recorded = new Map(EXPIRY_TICKS.map((t) => [t.timeMs, t.priceUnits]));
  let nextTradeMs = startMs;
  const feed = setInterval(() => {
    // the trades due by now, as a feed delivers them: in time order, late when this thread was busy
    for (; nextTradeMs <= clock(); nextTradeMs += TRADE_EVERY_MS) {
      for (const pairId of pairIds) {
        const priceUnits = (pairId === Number(BTC_PAIR) && recorded.get(nextTradeMs)) || OPEN_PRICE;
        settler.tick({ kind: 'trades', pairId, seq: 0, trades: [{ timeMs: nextTradeMs, priceUnits, amountUnits: u('0.01'), direction: 'buy' }] } as TickEvent);
      }
    }
  }, TRADE_EVERY_MS);
  await done;
  clearInterval(feed);
  await settler.lose();
  return { worstSeconds: worstMs / 1000, lastSeconds: (lastCommitMs - lastExpiryMs) / 1000 };
}

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const rate = (r: { seconds: number }) => (ORDERS / r.seconds).toFixed(0);
const liveDb = await preparedDatabase('live');
const batchedDb = await preparedDatabase('batched');
const SKIP_BASELINE = process.env.BENCH_SKIP_BASELINE === '1';
const singleDb = SKIP_BASELINE ? undefined : await preparedDatabase('single');
console.log(`settle: ${ORDERS} micro orders expiring within one second, ${DATABASE_URL ? 'PostgreSQL' : 'SQLite (WAL, synchronous=FULL)'}`);
const live = await settleLive(liveDb);
const met = live.worstSeconds <= 2;
console.log(`  as they fall due (real time, a trade of every micro pair every ${TRADE_EVERY_MS} ms): the last commit ${live.lastSeconds.toFixed(2)} s after the last expiry; the longest an order waited from its expiry to its commit ${live.worstSeconds.toFixed(2)} s (target: all within 2 s) ${met ? 'MET' : 'NOT MET'}, load average ${load()}`);
const batched = await settle(batchedDb, limits.microSettleBatchMax);
// printed at once: the one-by-one baseline takes far longer
console.log(`  all due at once, batches of ${limits.microSettleBatchMax}: ${batched.seconds.toFixed(2)} s from final prices to the last commit, ${rate(batched)} orders/s, ${batched.cpuSeconds.toFixed(2)} s of CPU, load average ${load()}`);
const single = singleDb && (await settle(singleDb, 1));
for (const { db, jobs } of singleDb ? [liveDb, batchedDb, singleDb] : [liveDb, batchedDb]) {
  await jobs.close();
  for (const schema of pgSchemas.splice(0)) await db.schema.dropSchema(schema).cascade().execute();
  await db.destroy();
}
for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
if (!single) {
  console.log(`  pushed closed orders: ${batched.published} (one-per-order baseline skipped)`);
  process.exit(0);
}
const speedup = single.seconds / batched.seconds;
console.log(`  one transaction per order: ${single.seconds.toFixed(2)} s, ${rate(single)} orders/s, ${single.cpuSeconds.toFixed(2)} s of CPU, load average ${load()}`);
console.log(`  batching: ${speedup.toFixed(1)}x faster (target >= 5x) ${speedup >= 5 ? 'MET' : 'NOT MET'}`);
console.log(`  pushed closed orders: ${batched.published} batched, ${single.published} one by one`);
