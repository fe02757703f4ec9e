import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { manualClock, mustParseUnits, type FeedEvent } from '@tidemark/core';
import { calls, limits } from '@tidemark/protocol';
import { buildTrader } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';

const TOKEN = 'scrape-token-for-tests';
const BTC = 1n;
const USDT = 3n;
const BTC_PAIR_ID = 1;
/** the pair micro orders follow (match id 2) */
const MICRO_PAIR_ID = 2;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** One series' value in a Prometheus text answer (0 when absent). */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics behind a token on the app’s port', () => {
  let server: TestServer;
  const scrape = async (authorization?: string) => {
    const response = await fetch(`${server.url}/metrics`, authorization ? { headers: { authorization } } : {});
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  const clock = manualClock(Date.UTC(2030, 0, 15, 12));
  let report: ((event: FeedEvent) => void) | undefined;
  beforeAll(async () => {
    server = await startTestServer({
      env: { METRICS_TOKEN: TOKEN },
      market: { clock, flushMs: 3_600_000, feed: () => ({ start: async (r) => void (report = r), stop: async () => {} }) },
    });
  });
  afterAll(() => server.close());

  it('refuses a scrape without the token or with another', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all')).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(200);
  });

  it('counts requests and their latency per route, errors by code, ledger transactions and open sockets', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).text;
    await server.call(calls.commonConfig);
    await server.call(calls.commonConfig);
    await server.refused(calls.userLogin);
    const trader = await buildTrader(server, { funds: [[USDT, '100']] });
    await server.call(calls.walletChange, { number: '1', from_field: 'change', to_field: 'legal', currency_id: '3' }, { token: trader.token });
    const socket = connect(server.url, { path: '/wss/socket.io/', transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    try {
      const { status, type, text } = await scrape(`Bearer ${TOKEN}`);
      expect(status).toBe(200);
      expect(type).toContain('text/plain');
      const delta = (series: string) => valueOf(text, series) - valueOf(before, series);
      expect(delta(`tidemark_http_request_duration_seconds_count{route="${calls.commonConfig.path}",method="GET"}`)).toBe(2);
      expect(delta(`tidemark_http_errors_total{route="${calls.userLogin.path}",code="account_required"}`)).toBe(1);
      // the factory's funding deposit and the transfer
      expect(delta('tidemark_ledger_transactions_total{kind="transfer"}')).toBe(1);
      expect(valueOf(text, 'tidemark_sockets_open')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'tidemark_engine_leader')).toBe(1);
      for (const name of ['tidemark_feed_tick_age_seconds', 'tidemark_fanout_lag_seconds', 'tidemark_lever_risk_tick_seconds', 'tidemark_micro_settlement_delay_seconds', 'tidemark_spot_match_latency_seconds', 'tidemark_process_resident_memory_bytes']) {
        expect(text).toContain(`# TYPE ${name}`);
      }
    } finally {
      socket.disconnect();
    }
  });

  it('takes the engines’ figures as they work: a lever risk tick, a spot match', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).text;
    report!({ kind: 'trades', pairId: BTC_PAIR_ID, trades: [{ timeMs: clock(), priceUnits: mustParseUnits('67000'), amountUnits: 100_000n, direction: 'buy' }] });
    await server.engines.lever.idle();
    const seller = await buildTrader(server, { funds: [[BTC, '1']] });
    await server.call(calls.coinSubmit, { currency_id: '1', legal_id: '3', type: '2', status: '0', price: '68000', number: '0.5' }, { token: seller.token });
    await server.engines.spot.idle();
    const after = (await scrape(`Bearer ${TOKEN}`)).text;
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('tidemark_lever_risk_tick_seconds_count')).toBe(1);
    expect(delta('tidemark_spot_match_latency_seconds_count')).toBe(1);
    // the trade reached the sockets' fan-out at the clock's time: no lag
    expect(delta('tidemark_fanout_lag_seconds_count')).toBe(1);
    expect(valueOf(after, 'tidemark_feed_tick_age_seconds')).toBe(0);
  });

  it('takes a micro order’s settlement delay: from its expiry to its settlement', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).text;
    report!({ kind: 'trades', pairId: MICRO_PAIR_ID, trades: [{ timeMs: clock(), priceUnits: mustParseUnits('100'), amountUnits: 100_000n, direction: 'buy' }] });
    const user = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
    const form = { match_id: '2', currency_id: '3', type: '1', seconds: '30', number: '100' };
    await server.call(calls.microSubmit, form, { token: user.token });
    // the settler's pass comes 3 s after the expiry (its lag included)
    clock.advance(30_000 + limits.microSettleLagMs + 2_000);
    await server.engines.micro.idle();
    const after = (await scrape(`Bearer ${TOKEN}`)).text;
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('tidemark_micro_settlement_delay_seconds_count')).toBe(1);
    expect(delta('tidemark_micro_settlement_delay_seconds_sum')).toBe(3);
    await server.expectLedgerSound();
  });
});

describe('metrics on a port of their own', () => {
  let server: TestServer;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startTestServer({ env: { METRICS_PORT: String(metricsPort) } });
  });
  afterAll(() => server.close());

  it('serves them there and not on the app’s port', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('tidemark_http_request_duration_seconds');
    expect(await (await fetch(`${server.url}/metrics`)).text()).not.toContain('tidemark_');
  });
});

describe('metrics unless configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('are not served', async () => {
    expect(await (await fetch(`${server.url}/metrics`)).text()).not.toContain('tidemark_');
  });
});
