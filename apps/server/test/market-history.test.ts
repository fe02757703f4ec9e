import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { backfillStartsMs, mustParseUnits, type Candle, type StoredPeriod } from '@tidemark/core';
import { calls } from '@tidemark/protocol';
import { ConfigError, loadConfig } from '../src/config';
import { exchangeHistory, simHistory, withFallback } from '../src/engine/market/history';
import { toCandle } from '../src/modules/market/queries';
import { startTestServer } from './harness';

type RawKline = [number, string, string, string, string, string, ...unknown[]];
interface KlineFixture {
  symbol: string;
  nowMs: number;
  klines: Record<'1m' | '1h' | '1d', RawKline[]>;
}
const fixture = JSON.parse(fs.readFileSync(new URL('./fixtures/binance-klines.json', import.meta.url), 'utf8')) as KlineFixture;
const NOW_MS = fixture.nowMs;
const BTC = { pairId: 2, currencyId: 1, legalId: 3, symbol: 'BTC/USDT', referencePriceUnits: mustParseUnits('67000'), tickUnits: mustParseUnits('0.01') };
const INTERVALS: Record<StoredPeriod, '1m' | '1h' | '1d'> = { '1min': '1m', '60min': '1h', '1day': '1d' };

/** The fixture's bars as the engine should store them. */
const expected = (interval: '1m' | '1h' | '1d'): Candle[] =>
  fixture.klines[interval].map(([timeMs, o, h, l, c, v]) => ({
    timeMs,
    openUnits: mustParseUnits(o),
    highUnits: mustParseUnits(h),
    lowUnits: mustParseUnits(l),
    closeUnits: mustParseUnits(c),
    volumeUnits: mustParseUnits(v),
  }));

/**
 * A local stand-in for the exchange's REST API (and an idle stream): klines of the fixture's
 * symbol filtered by startTime, endTime and limit as the exchange does, 400 for other symbols;
 * `answer` replaces the klines answer.
 */
async function startExchange(answer?: (response: http.ServerResponse) => void) {
  const klineQueries: URLSearchParams[] = [];
  const streamPaths: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://exchange');
    if (url.pathname !== '/api/v3/klines') return void response.writeHead(404).end();
    klineQueries.push(url.searchParams);
    if (answer) return answer(response);
    const q = url.searchParams;
    if (q.get('symbol') !== fixture.symbol) return void response.writeHead(400).end('{"code":-1121,"msg":"Invalid symbol."}');
    const rows = fixture.klines[q.get('interval') as '1m' | '1h' | '1d']
      .filter(([t]) => t >= Number(q.get('startTime')) && t <= Number(q.get('endTime')))
      .slice(0, Number(q.get('limit')));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, request) => streamPaths.push(request.url!));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    klineQueries,
    streamPaths,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('history from the exchange', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('reads klines page by page over the spans a simulated history covers, in exact units', async () => {
    const exchange = await startExchange();
    cleanup.push(() => exchange.close());
    const history = await exchangeHistory({ restUrl: `http://${exchange.host}`, pageSize: 4 })(BTC, NOW_MS);

    for (const [period, interval] of Object.entries(INTERVALS) as [StoredPeriod, '1m' | '1h' | '1d'][]) {
      expect(history[period]).toEqual(expected(interval));
    }
    const starts = backfillStartsMs(NOW_MS);
    expect(exchange.klineQueries.map((q) => Object.fromEntries(q))).toEqual([
      // six minutes: a full page of four, then the rest
      { symbol: 'BTCUSDT', interval: '1m', startTime: String(starts['1min']), endTime: String(NOW_MS), limit: '4' },
      { symbol: 'BTCUSDT', interval: '1m', startTime: String(fixture.klines['1m'][4]![0]), endTime: String(NOW_MS), limit: '4' },
      { symbol: 'BTCUSDT', interval: '1h', startTime: String(starts['60min']), endTime: String(NOW_MS), limit: '4' },
      { symbol: 'BTCUSDT', interval: '1h', startTime: String(fixture.klines['1h'][4]![0]), endTime: String(NOW_MS), limit: '4' },
      // four days fill a page, but the next would start after now
      { symbol: 'BTCUSDT', interval: '1d', startTime: String(starts['1day']), endTime: String(NOW_MS), limit: '4' },
    ]);
  });

  it.each([
    ['an error status', (r: http.ServerResponse) => void r.writeHead(503).end()],
    ['prices as floats', (r: http.ServerResponse) => void r.writeHead(200).end(JSON.stringify([[fixture.klines['1m'][0]![0], 67890.01, 67912, 67880.5, 67905.12, 14.2]]))],
    ['a malformed bar', (r: http.ServerResponse) => void r.writeHead(200).end(JSON.stringify([[fixture.klines['1m'][0]![0], '67890', '67000', '67880', '67905', '1']]))],
    ['no klines at all', (r: http.ServerResponse) => void r.writeHead(200).end('[]')],
  ])('falls back to the simulated history, with a warning, on %s', async (_, answer) => {
    const exchange = await startExchange(answer);
    cleanup.push(() => exchange.close());
    const warnings: [string, unknown][] = [];
    const source = withFallback(exchangeHistory({ restUrl: `http://${exchange.host}` }), simHistory(7), (pair, error) =>
      warnings.push([pair.symbol, error]),
    );
    const history = await source(BTC, NOW_MS);
    expect(history).toEqual(await simHistory(7)(BTC, NOW_MS));
    expect(history['1min'].at(-1)!.closeUnits).toBe(BTC.referencePriceUnits);
    expect(warnings).toEqual([['BTC/USDT', expect.any(Error)]]);
  });

  it('back-fills a fresh install from the exchange when FEED=exchange, at the configured endpoints', async () => {
    const exchange = await startExchange();
    cleanup.push(() => exchange.close());
    const server = await startTestServer({
      env: { FEED: 'exchange', EXCHANGE_REST_URL: `http://${exchange.host}/`, EXCHANGE_WS_URL: `ws://${exchange.host}` },
      market: { clock: () => NOW_MS, seed: 99 },
    });
    cleanup.push(() => server.close());

    const stored = async (pairId: number, period: StoredPeriod) =>
      (
        await server.db
          .selectFrom('market_candle')
          .selectAll()
          .where('pair_id', '=', BigInt(pairId))
          .where('period', '=', period)
          .orderBy('time_ms')
          .execute()
      ).map(toCandle);
    for (const [period, interval] of Object.entries(INTERVALS) as [StoredPeriod, '1m' | '1h' | '1d'][]) {
      expect(await stored(BTC.pairId, period)).toEqual(expected(interval));
    }
    // the chart ends at the exchange's price rather than jumping to it from a simulated one
    const chart = await server.call(calls.newTimeshar, { symbol: 'BTC/USDT', period: '1min' });
    expect(chart.data.at(-1)).toMatchObject({ time: fixture.klines['1m'][5]![0], close: '67901.35000000' });
    // a pair the exchange does not list gets the simulated history, ending at its reference price
    const eth = await stored(1, '1min');
    expect(eth.at(-1)!.closeUnits).toBe(mustParseUnits('3500'));
    // the stream was opened at the configured address too
    await expect.poll(() => exchange.streamPaths.length).toBeGreaterThan(0);
  });

  it('falls back to simulated history at start when the exchange cannot be reached', async () => {
    const exchange = await startExchange();
    const host = exchange.host;
    await exchange.close();
    const server = await startTestServer({
      env: { FEED: 'exchange', EXCHANGE_REST_URL: `http://${host}`, EXCHANGE_WS_URL: `ws://${host}` },
      market: { clock: () => NOW_MS, seed: 99 },
    });
    cleanup.push(() => server.close());
    const minutes = await server.call(calls.newTimeshar, { symbol: 'BTC/USDT', period: '1min' });
    expect(minutes.data.length).toBeGreaterThan(100);
    expect(minutes.data.at(-1)!.close).toBe('67000.00000000');
  });
});

describe('exchange and retention configuration', () => {
  it('defaults to the exchange public endpoints and 30 days of recorded seconds', () => {
    expect(loadConfig({})).toMatchObject({
      exchangeWsUrl: 'wss://stream.binance.com:9443',
      exchangeRestUrl: 'https://api.binance.com',
      priceRecordMs: 30 * 24 * 3600_000,
    });
  });

  it('reads the endpoints (without a trailing slash) and the retention', () => {
    expect(
      loadConfig({ EXCHANGE_WS_URL: 'ws://10.0.0.5:9443/', EXCHANGE_REST_URL: 'http://10.0.0.5:8080/', PRICE_RECORD_DAYS: '7' }),
    ).toMatchObject({ exchangeWsUrl: 'ws://10.0.0.5:9443', exchangeRestUrl: 'http://10.0.0.5:8080', priceRecordMs: 7 * 24 * 3600_000 });
  });

  it('refuses endpoints of the wrong kind and retentions that are not whole days', () => {
    const bad = { EXCHANGE_WS_URL: 'https://stream.example', EXCHANGE_REST_URL: 'wss://api.example', PRICE_RECORD_DAYS: '0' };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (error) {
      expect((error as Error).message).toMatch(/EXCHANGE_WS_URL[\s\S]*EXCHANGE_REST_URL[\s\S]*PRICE_RECORD_DAYS/);
    }
    expect(() => loadConfig({ PRICE_RECORD_DAYS: '1.5' })).toThrow(ConfigError);
  });
});
