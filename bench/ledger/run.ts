/**
 * Ledger transactions per second through the service function on SQLite, as a ratio to a bare
 * better-sqlite3 transaction doing the same writes (one txn row, two entries, two conditional
 * balance updates) on an identical file in the same run. Target: at least 50%.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { migrate, openDatabase, postTransaction, seed, factories } from '@tidemark/server';

const TXNS = Number(process.env.BENCH_TXNS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const USDT = 3n;

async function freshDatabase(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tidemark-bench-${name}-`));
  const db = openDatabase({ dataDir });
  await migrate(db);
  await seed(db);
  const user = await factories.buildTrader({ db, clock: () => Date.now() }, {
    funds: [
      [USDT, '1000000'],
      [USDT, '1000000', 'lever'],
    ],
  });
  return { dataDir, db, userId: user.id };
}

async function serviceRunner() {
  const { db, userId } = await freshDatabase('service');
  return { round: () => serviceRound(db, userId), close: () => db.destroy() };
}

async function serviceRound(db: Awaited<ReturnType<typeof freshDatabase>>['db'], userId: bigint): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < TXNS; i++) {
    const units = i % 2 === 0 ? 100_000_000n : -100_000_000n;
    await postTransaction(db, {
      kind: 'transfer',
      legs: [
        { account: { userId, wallet: 'change', currencyId: USDT }, deltaUnits: -units },
        { account: { userId, wallet: 'lever', currencyId: USDT }, deltaUnits: units },
      ],
    }, Date.now());
  }
  return TXNS / ((performance.now() - started) / 1000);
}

async function bareRunner() {
  const { dataDir, db, userId } = await freshDatabase('bare');
  const ids = await db.selectFrom('account').select(['id', 'wallet']).where('user_id', '=', userId).execute();
  await db.destroy();
  const change = ids.find((a) => a.wallet === 'change')!.id;
  const lever = ids.find((a) => a.wallet === 'lever')!.id;

  const file = new SqliteDatabase(path.join(dataDir, 'tidemark.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.defaultSafeIntegers(true);
  const insertTxn = file.prepare("insert into ledger_txn (kind, created_at_ms) values ('transfer', ?) returning id");
  const insertEntry = file.prepare(
    "insert into ledger_entry (txn_id, account_id, currency_id, bucket, delta_units) values (?, ?, ?, 'available', ?)",
  );
  const update = file.prepare(
    'update account set available_units = available_units + ? where id = ? and (allow_negative = 1 or available_units + ? >= 0)',
  );
  const post = file.transaction((units: bigint) => {
    const { id } = insertTxn.get(BigInt(Date.now())) as { id: bigint };
    insertEntry.run(id, change, USDT, -units);
    insertEntry.run(id, lever, USDT, units);
    update.run(-units, change, -units);
    update.run(units, lever, units);
  });
  const round = async () => {
    const started = performance.now();
    for (let i = 0; i < TXNS; i++) post(i % 2 === 0 ? 100_000_000n : -100_000_000n);
    return TXNS / ((performance.now() - started) / 1000);
  };
  return { round, close: async () => void file.close() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// alternate rounds so that disk and CPU noise fall on both sides alike; compare medians
const runners = { bare: await bareRunner(), service: await serviceRunner() };
const rates = { bare: [] as number[], service: [] as number[] };
await runners.bare.round();
await runners.service.round();
for (let r = 0; r < ROUNDS; r++) {
  rates.bare.push(await runners.bare.round());
  rates.service.push(await runners.service.round());
}
await runners.bare.close();
await runners.service.close();
const bare = median(rates.bare);
const service = median(rates.service);
const ratio = service / bare;
console.log(`ledger: ${ROUNDS} rounds of ${TXNS} transactions each side, SQLite (WAL, synchronous=FULL), medians`);
console.log(`  bare better-sqlite3 transaction: ${bare.toFixed(0)} txn/s`);
console.log(`  postTransaction service:         ${service.toFixed(0)} txn/s`);
console.log(`  ratio: ${(ratio * 100).toFixed(1)}% (target >= 50%) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`);
