import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { formatUnits, mustParseUnits, type Depth, type FeedEvent, type Trade } from '@tidemark/core';
import { exchangeFeed } from '../src/engine/market/exchange-feed';

type RawLevel = [string, string];
interface Replay {
  snapshots: { lastUpdateId: number; bids: RawLevel[]; asks: RawLevel[] }[];
  /** per connection, bursts of stream messages */
  connections: unknown[][][];
  expectedBooks: { bids: RawLevel[]; asks: RawLevel[] }[];
}
const replay = JSON.parse(fs.readFileSync(new URL('./fixtures/binance-replay.json', import.meta.url), 'utf8')) as Replay;

const BTC = { pairId: 2, currencyId: 1, legalId: 3, symbol: 'BTC/USDT', referencePriceUnits: mustParseUnits('67000'), tickUnits: mustParseUnits('0.01') };
const wire = (depth: Depth) => ({
  bids: depth.bids.map(([p, a]) => [formatUnits(p), formatUnits(a)]),
  asks: depth.asks.map(([p, a]) => [formatUnits(p), formatUnits(a)]),
});

/** Conditions checked again on every change the test is told of: it waits for events, not for time. */
function changes() {
  const waits: { ready: () => boolean; resolve: () => void }[] = [];
  return {
    changed() {
      for (const wait of waits.filter((w) => w.ready())) {
        waits.splice(waits.indexOf(wait), 1);
        wait.resolve();
      }
    },
    until: (ready: () => boolean) => new Promise<void>((resolve) => (ready() ? resolve() : waits.push({ ready, resolve }))),
  };
}

/** A local stand-in for the exchange: REST snapshots in fixture order, and the stream over `ws`. */
async function startExchange(onConnection: () => void) {
  const snapshotQueries: string[] = [];
  const streamPaths: string[] = [];
  const httpServer = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://exchange');
    if (url.pathname !== '/api/v3/depth') return void response.writeHead(404).end();
    snapshotQueries.push(url.searchParams.get('symbol')!);
    const snapshot = replay.snapshots[snapshotQueries.length - 1];
    response.writeHead(snapshot ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(snapshot ?? {}));
  });
  const wss = new WebSocketServer({ server: httpServer });
  const sockets: WebSocket[] = [];
  wss.on('connection', (socket, request) => {
    streamPaths.push(request.url!);
    sockets.push(socket);
    onConnection();
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `127.0.0.1:${port}`,
    snapshotQueries,
    streamPaths,
    connections: () => sockets.length,
    send: (messages: unknown[]) => messages.forEach((m) => sockets.at(-1)!.send(JSON.stringify(m))),
    drop: () => sockets.at(-1)!.terminate(),
    async close() {
      for (const s of sockets) s.terminate();
      wss.close();
      await new Promise((resolve) => httpServer.close(resolve));
    },
  };
}

describe('exchange feed, replayed offline', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('keeps the book through stale diffs, a sequence gap and a dropped stream, re-snapshotting as needed', async () => {
    const { changed, until } = changes();
    const exchange = await startExchange(changed);
    cleanup.push(() => exchange.close());
    const errors: unknown[] = [];
    const feed = exchangeFeed({
      pairs: [BTC],
      wsUrl: `ws://${exchange.url}`,
      restUrl: `http://${exchange.url}`,
      flushMs: 20,
      reconnectMs: 50,
      onError: (e) => errors.push(e),
    });
    const books: Depth[] = [];
    const trades: Trade[] = [];
    await feed.start((event: FeedEvent) => {
      if (event.kind === 'depth') books.push(event.depth);
      else trades.push(...event.trades);
      changed();
    });
    cleanup.push(() => feed.stop());
    const reported = (book: (typeof replay.expectedBooks)[number]) => () =>
      books.length > 0 && JSON.stringify(wire(books.at(-1)!)) === JSON.stringify(book);

    let burst = 0;
    for (const [c, bursts] of replay.connections.entries()) {
      await until(() => exchange.connections() === c + 1);
      for (const messages of bursts) {
        exchange.send(messages);
        await until(reported(replay.expectedBooks[burst]!));
        burst++;
      }
      if (c === 0) {
        // lost messages: the gap made the feed fetch a second snapshot
        expect(exchange.snapshotQueries).toHaveLength(2);
        exchange.drop();
      }
    }

    // the dropped stream came back and started again from a fresh snapshot
    expect(exchange.snapshotQueries).toEqual(['BTCUSDT', 'BTCUSDT', 'BTCUSDT']);
    expect(exchange.streamPaths).toEqual(Array(2).fill('/stream?streams=btcusdt@trade/btcusdt@depth@100ms'));
    expect(trades.map((t) => [t.timeMs, formatUnits(t.priceUnits), formatUnits(t.amountUnits), t.direction])).toEqual([
      [1717000000149, '67001.50000000', '0.01200000', 'buy'],
      [1717000000249, '67000.00000000', '0.50000000', 'sell'],
      [1717000004999, '66900.50000000', '0.10000000', 'buy'],
    ]);
    expect(errors).toEqual([]);
  });
});
