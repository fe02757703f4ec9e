/**
 * Spot orders placed per second over HTTP on SQLite (`POST /api/coin/submit`: session, form
 * parsing, idempotency claim, the pair's checks, the order and its freeze in one transaction,
 * the matcher woken), as a ratio to a bare Fastify route that parses the same form and answers
 * the envelope, on the same server in the same run. Limit buys from many traders rest on a book
 * without sells (the market maker is off), so every request is a placement.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { CURRENCY_IDS, limits } from '@tidemark/protocol';
import { factories, loadConfig, startServer } from '@tidemark/server';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TRADERS = Number(process.env.BENCH_TRADERS ?? 60);
const BARE_PATH = '/bench/bare';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-orders-'));
const server = await startServer(
  loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: '0', MARKET_MAKER: '0', WEB_DIST: path.join(dataDir, 'no-web') }),
  {
    logger: false,
    extraRoutes: async (app) => {
      app.post(BARE_PATH, async (request) => ({ type: 'ok', message: request.body }));
    },
  },
);
const tokens: string[] = [];
for (let i = 0; i < TRADERS; i++) {
  tokens.push((await factories.buildTrader(server, { funds: [[BigInt(CURRENCY_IDS.USDT), '10000000']] })).token);
}
// every trader's orders stay under the open-order cap for the whole run
const index = server.market.lastPriceUnits(2);
const price = ((index * 97n) / 100n / 1_000_000n).toString().replace(/(\d\d)$/, '.$1');
const body = new URLSearchParams({ currency_id: '1', legal_id: '3', type: '1', status: '0', price, number: '0.0001' }).toString();

async function measure(url: string, money: boolean): Promise<{ perSecond: number; errors: number; p99Ms: number }> {
  let n = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    requests: [
      {
        setupRequest: (request) => {
          n++;
          const headers = { ...request.headers, authorization: tokens[n % tokens.length]! };
          return { ...request, headers: money ? { ...headers, 'idempotency-key': randomBytes(12).toString('hex') } : headers };
        },
      },
    ],
  });
  return { perSecond: result.requests.average, errors: result.errors + result.non2xx, p99Ms: result.latency.p99 };
}

const bare = await measure(`${server.url}${BARE_PATH}`, false);
const orders = await measure(`${server.url}/api/coin/submit`, true);
await server.engines.spot.idle();
const placed = await server.db.selectFrom('spot_order').select(({ fn }) => fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
const refused = Number(placed.n) === 0;
console.log(`bare Fastify route:       ${bare.perSecond.toFixed(0)} req/s (p99 ${bare.p99Ms} ms)`);
console.log(`spot orders over HTTP:    ${orders.perSecond.toFixed(0)} orders/s (p99 ${orders.p99Ms} ms), ${placed.n} placed`);
console.log(`ratio:                    ${((orders.perSecond / bare.perSecond) * 100).toFixed(1)}% of the bare route`);
console.log(`(${CONNECTIONS} connections, ${DURATION_S} s each, ${TRADERS} traders of at most ${limits.spotOpenOrdersPerUserMax} open orders; load average ${os.loadavg()[0]!.toFixed(1)})`);
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (refused || orders.errors > 0) {
  console.error(`${orders.errors} requests failed`);
  process.exitCode = 1;
}
