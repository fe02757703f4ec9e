/**
 * Lever market submits per second over HTTP on SQLite (WAL, synchronous=FULL): the product's
 * `/api/lever/submit` (auth, idempotency claim, validation, margin and fee through the ledger,
 * the order row; concurrent submits share one transaction and one commit in the SQLite writer
 * thread, each answered after that commit), without the spot market maker's own commits, against,
 * in the same run and driven alike, a bare Fastify route answering the same envelope, and a bare
 * Fastify route doing one better-sqlite3 transaction per request with the same writes (the claim,
 * the order, the ledger txn, four entries, three balance updates). Each is driven at 16 and at 64
 * concurrent clients (BENCH_CONNECTIONS) and compared at its best, its capacity. Target: the
 * product at least 25% of bare Fastify. Counts only answers of type ok. The load generator runs in
 * this process for all three, so its cost falls on each alike (in a process of its own on a 2-core
 * machine it would take the core the product's writer thread uses).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { factories, loadConfig, migrate, openDatabase, seed, startServer } from '@tidemark/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
/**
 * Concurrent clients: each server is measured at each level and its best taken, its capacity. Bare
 * Fastify is saturated by a few (its CPU is the limit); group commit needs submits in flight
 * together to share a commit, so the product's capacity shows only with more of them.
 */
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '16,64').split(',').map(Number);
// positions are capped per trader and pair (50 each, two pairs): enough traders that no submit of
// the two rounds meets the cap at several thousand submits a second
const TRADERS = Number(process.env.BENCH_TRADERS ?? 600);
const USDT = 3n;
/** BTC/USDT and ETH/USDT by their currency ids */
const PAIRS = ['1', '2'];
const OK = '"type":"ok"';

// each round of the traders moves to the next pair: every trader fills both pairs alike
const form = (i: number) =>
  new URLSearchParams({ legal_id: '3', currency_id: PAIRS[Math.floor(i / TRADERS) % PAIRS.length]!, multiple: '10', share: '10', type: String(1 + (i % 2)), status: '1' }).toString();

// keys stay new across runs: a repeated key would be answered from its first run
let n = 0;

/**
 * Drives `path` on `url` for `seconds` with `connections`, a new idempotency key and a rotating trader
 * each request; answers ok/s and the process's CPU time per answer, every thread's (server and
 * client share the process, so this is comparable between the three, and steadier than wall time
 * on a busy machine).
 */
async function drive(url: string, pathname: string, tokens: readonly string[], connections: number, seconds = SECONDS): Promise<{ okPerSecond: number; cpuUsPerAnswer: number }> {
  let ok = 0;
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: pathname,
        setupRequest: (request) => {
          const i = n++;
          return {
            ...request,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              authorization: `Bearer ${tokens[i % tokens.length]}`,
              'idempotency-key': `bench-${i}`,
            },
            body: form(i),
          };
        },
        onResponse: (_status, body) => {
          if (body.includes(OK)) ok++;
        },
      },
    ],
  });
  const used = process.cpuUsage(cpu);
  return { okPerSecond: ok / seconds, cpuUsPerAnswer: (used.user + used.system) / result.requests.total };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-submit-'));

// 1. the product, with its simulated feed giving fresh prices
const server = await startServer(
  loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'product'), LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web'), DEMO: '0', MARKET_MAKER: '0' }),
  { logger: false, market: { stepMs: 100 } },
);
const tokens: string[] = [];
for (let i = 0; i < TRADERS; i++) {
  const user = await factories.buildSignedInUser(server);
  await factories.fundWallet(server, user.id, USDT, '100000000', 'lever');
  tokens.push(user.token);
}
while (server.market.recentTrades(1).length === 0 || server.market.recentTrades(2).length === 0) await new Promise((r) => setTimeout(r, 50));

// 2. a bare Fastify route answering what a submit answers
const bare = Fastify({ logger: false });
await bare.register(formbody);
bare.post('/submit', async () => ({ type: 'ok', message: 'Order placed' }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

// 3. a bare Fastify route doing the same writes in one better-sqlite3 transaction per request
const sqlDir = path.join(dataDir, 'bare-sql');
const sqlDb = openDatabase({ dataDir: sqlDir });
await migrate(sqlDb);
await seed(sqlDb);
const sqlUser = await factories.buildUser({ db: sqlDb, clock: () => Date.now() });
await factories.fundWallet({ db: sqlDb, clock: () => Date.now() }, sqlUser.id, USDT, '100000000', 'lever');
const accounts = await sqlDb.selectFrom('account').select(['id', 'wallet', 'system_name']).where('currency_id', '=', USDT).execute();
await sqlDb.destroy();
const lever = accounts.find((a) => a.wallet === 'lever')!.id;
// a system clearing account stands for `fees` (created on first use; the funding made `deposits`)
const fees = accounts.find((a) => a.wallet === 'system')!.id;
const file = new SqliteDatabase(path.join(sqlDir, 'tidemark.db'));
file.pragma('journal_mode = WAL');
file.pragma('synchronous = FULL');
file.pragma('foreign_keys = ON');
file.defaultSafeIntegers(true);
const claim = file.prepare("insert into idempotency_request (user_id, key, request_hash, response, created_at_ms) values (?, ?, 'h', ?, ?)");
const insertOrder = file.prepare(
  `insert into lever_order (user_id, pair_id, currency_id, direction, entry_mode, status, multiple, hands, quantity_units, origin_price_units,
     open_price_units, value_units, margin_units, fee_units, maintenance_margin_units, liquidation_price_units, take_profit_units, stop_loss_units,
     submitted_at_ms, opened_at_ms, open_tick_price_units, open_tick_at_ms)
   values (?, 2, 3, 1, 1, 1, 10, 10, 1000000, 6000000000000, 6003000000000, 60030000000, 6003000000, 60030000, 1200600000, 5460000000000, 0, 0, ?, ?, 6000000000000, ?)
   returning id`,
);
const insertTxn = file.prepare("insert into ledger_txn (kind, reference, created_at_ms) values ('lever_open', ?, ?) returning id");
const insertEntry = file.prepare('insert into ledger_entry (txn_id, account_id, currency_id, bucket, delta_units) values (?, ?, 3, ?, ?)');
const moveAvailable = file.prepare('update account set available_units = available_units + ? where id = ? and (allow_negative = 1 or available_units + ? >= 0)');
const moveFrozen = file.prepare('update account set frozen_units = frozen_units + ? where id = ?');
const MARGIN = 6_003_000_000n;
const FEE = 60_030_000n;
let keyN = 0;
const submitOnce = file.transaction(() => {
  const now = BigInt(Date.now());
  claim.run(sqlUser.id, `k${keyN++}`, '{"type":"ok","message":"Order placed"}', now);
  const { id } = insertOrder.get(sqlUser.id, now, now, now) as { id: bigint };
  const txn = (insertTxn.get(`lever_order:${id}`, now) as { id: bigint }).id;
  insertEntry.run(txn, lever, 'available', -MARGIN);
  insertEntry.run(txn, lever, 'frozen', MARGIN);
  insertEntry.run(txn, lever, 'available', -FEE);
  insertEntry.run(txn, fees, 'available', FEE);
  moveAvailable.run(-(MARGIN + FEE), lever, -(MARGIN + FEE));
  moveFrozen.run(MARGIN, lever);
  moveAvailable.run(FEE, fees, FEE);
});
const sql = Fastify({ logger: false });
await sql.register(formbody);
sql.post('/submit', async () => {
  submitOnce();
  return { type: 'ok', message: 'Order placed' };
});
const sqlUrl = await sql.listen({ port: 0, host: '127.0.0.1' });

// alternate, so that load on the shared machine falls on each alike
type Run = Awaited<ReturnType<typeof drive>>;
const targets = { bare: [bareUrl, '/submit'], sql: [sqlUrl, '/submit'], product: [server.url, '/api/lever/submit'] } as const;
type Target = keyof typeof targets;
const runs = new Map<string, Run[]>();
const runsOf = (target: Target, connections: number) => runs.get(`${target}:${connections}`) ?? runs.set(`${target}:${connections}`, []).get(`${target}:${connections}`)!;
// a round first that counts for none: each server's code compiled by the JIT before it is measured,
// as a running server's is (the product's larger code would otherwise pay its compiling in the count)
if (WARM_SECONDS > 0) for (const [url, pathname] of Object.values(targets)) await drive(url, pathname, tokens, CONNECTION_LEVELS[0]!, WARM_SECONDS);
for (let round = 0; round < 2; round++) {
  for (const connections of CONNECTION_LEVELS) {
    for (const [target, [url, pathname]] of Object.entries(targets)) runsOf(target as Target, connections).push(await drive(url, pathname, tokens, connections));
  }
}
// the best rate of the two rounds, and the least CPU per answer
const best = (xs: Run[]) => ({ rate: Math.max(...xs.map((x) => x.okPerSecond)), cpu: Math.min(...xs.map((x) => x.cpuUsPerAnswer)) });
const cpu = (run: { cpu: number }) => `${run.cpu.toFixed(0)} CPU µs an answer`;
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
console.log(`submit: market lever submits over HTTP, ${SECONDS} s a run, best of 2, SQLite (WAL, synchronous=FULL)`);
const capacity = { bare: 0, sql: 0, product: 0 };
for (const connections of CONNECTION_LEVELS) {
  const [b, q, p] = (['bare', 'sql', 'product'] as const).map((target) => {
    const measured = best(runsOf(target, connections));
    capacity[target] = Math.max(capacity[target], measured.rate);
    return measured;
  }) as [ReturnType<typeof best>, ReturnType<typeof best>, ReturnType<typeof best>];
  console.log(`  ${connections} connections:`);
  console.log(`    bare Fastify route:                    ${b.rate.toFixed(0)} answers/s, ${cpu(b)}`);
  console.log(`    bare Fastify + better-sqlite3 writes:  ${q.rate.toFixed(0)} submits/s, ${cpu(q)}`);
  console.log(`    /api/lever/submit:                     ${p.rate.toFixed(0)} submits/s, ${cpu(p)}, ${percent(p.rate, b.rate)} of bare Fastify`);
}
const ratio = capacity.product / capacity.bare;
console.log(
  `  capacity (each at its best level): ${capacity.product.toFixed(0)} submits/s against ${capacity.bare.toFixed(0)} bare answers/s: ${percent(capacity.product, capacity.bare)} (target >= 25%) ${ratio >= 0.25 ? 'MET' : 'NOT MET'}; to the bare writes: ${percent(capacity.product, capacity.sql)}`,
);
console.log(`  load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

await bare.close();
await sql.close();
file.close();
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
