import type { Socket as TcpSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { manualClock, mustParseUnits, type FeedEvent } from '@tidemark/core';
import { limits, type ClientToServerEvents, type ServerToClientEvents, type TEmitAck } from '@tidemark/protocol';
import { buildSignedInUser } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The next `event` on `socket` that passes `accept`, or a failure after `timeoutMs`. */
function next<E extends keyof ServerToClientEvents>(
  socket: Client,
  event: E,
  timeoutMs = 1000,
  accept: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** A connected client of the server at `url`, kept in `clients` so the suite can disconnect it. */
async function openClient(url: string, clients: Client[], auth: Record<string, string> = {}): Promise<Client> {
  const client: Client = connect(url, { path: '/wss/socket.io/', transports: ['websocket'], auth, forceNew: true });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

const emit = (client: Client, event: 'login' | 'sub' | 'unsub', payload: unknown) =>
  new Promise<TEmitAck>((resolve) => (client.emit as (e: string, p: unknown, a: (x: TEmitAck) => void) => void)(event, payload, resolve));

describe('realtime socket', () => {
  let server: TestServer;
  const clients: Client[] = [];
  const open = (auth: Record<string, string> = {}) => openClient(server.url, clients, auth);
  // the 24-hour figures go out once a second of this clock, so the test decides when
  const clock = manualClock(Date.UTC(2030, 0, 15, 12, 0, 30));

  beforeAll(async () => {
    server = await startTestServer({ market: { seed: 99, stepMs: 100, clock } });
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server.close();
  });

  it('sends the subscribed pair its depth and kline within a second, in order', async () => {
    const client = await open();
    expect(await emit(client, 'sub', { symbol: 'BTC/USDT', period: '5min' })).toEqual({ ok: true });
    const [depth, kline] = await Promise.all([next(client, 'market_depth'), next(client, 'kline', 1000, (e) => e.period === '5min')]);
    expect(depth.symbol).toBe('BTC/USDT');
    expect(depth.in.length).toBeGreaterThan(0);
    expect(kline).toMatchObject({ symbol: 'BTC/USDT', period: '5min' });
    expect(kline.time % 300_000).toBe(0);
    // the next book comes after it; on a busy machine a book may give way to a later one (a
    // socket behind gets the latest), so its number is checked without gaps where the test is the feed
    const following = await next(client, 'market_depth');
    expect(following.seq).toBeGreaterThan(depth.seq);
  });

  it('sends only the subscribed pairs: a second sub adds a pair, unsub leaves one', async () => {
    const client = await open();
    await emit(client, 'sub', 'ETH/USDT');
    const seen: string[] = [];
    client.on('market_detail', (e) => seen.push(e.symbol));
    await next(client, 'market_detail');
    await emit(client, 'sub', 'BTC/USDT');
    await next(client, 'market_detail', 1000, (e) => e.symbol === 'BTC/USDT');
    await next(client, 'market_detail', 1000, (e) => e.symbol === 'ETH/USDT');
    expect(await emit(client, 'unsub', 'ETH/USDT')).toEqual({ ok: true });
    seen.length = 0;
    await next(client, 'market_detail', 1000, (e) => e.symbol === 'BTC/USDT');
    await next(client, 'market_detail', 1000, (e) => e.symbol === 'BTC/USDT');
    expect(new Set(seen)).toEqual(new Set(['BTC/USDT']));
    expect(await emit(client, 'unsub', 'NOPE/USDT')).toEqual({ ok: false, code: 'not_found' });
  });

  it('pushes kline for 1min and 1day beside the followed period, each in the template’s words', async () => {
    const client = await open();
    await emit(client, 'sub', { symbol: 'BTC/USDT', period: '15', channels: ['kline'] });
    const periods = new Set<string>();
    await next(client, 'kline', 2000, (e) => {
      periods.add(e.period);
      return periods.size === 3;
    });
    expect(periods).toEqual(new Set(['1min', '15min', '1day']));
  });

  it('names each payload’s event and pair ids, and gives depth as bids and asks, best ten each', async () => {
    const client = await open();
    await emit(client, 'sub', 'ETH/USDT');
    const depth = await next(client, 'market_depth');
    expect(depth).toMatchObject({ type: 'market_depth', currency_id: 2, legal_id: 3, match_id: expect.any(Number) });
    expect(depth.bids).toEqual(depth.in.slice(0, 10));
    expect(depth.asks).toEqual(depth.out.slice(0, 10));
    expect(depth.bids.length).toBeGreaterThan(0);
    const detail = await next(client, 'market_detail');
    expect(detail).toMatchObject({ type: 'market_detail', currency_id: 2, legal_id: 3 });
    expect(detail.data[0]).toMatchObject({ time: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/), ts: expect.any(Number) });
    expect(await next(client, 'market_trade')).toMatchObject({ type: 'market_trade', currency_id: 2 });
    expect(await next(client, 'market_kline')).toMatchObject({ type: 'market_kline', period: '1min', legal_id: 3 });
  });

  it('sends only the channels a socket asked for', async () => {
    const client = await open();
    expect(await emit(client, 'sub', { symbol: 'BTC/USDT', channels: ['market_depth', 'kline'] })).toEqual({ ok: true });
    const seen = new Set<string>();
    client.onAny((event: string) => seen.add(event));
    await next(client, 'kline', 2000);
    await next(client, 'market_depth', 2000);
    await next(client, 'kline', 2000);
    expect(seen).toEqual(new Set(['market_depth', 'kline']));
  });

  it('sends every client following a pair the 24-hour figures of every pair, numbered per pair', async () => {
    const client = await open();
    // a socket that says nothing gets no market event (socket-limits.test.ts)
    expect(await emit(client, 'sub', 'BTC/USDT')).toEqual({ ok: true });
    const nextOfEth = () => {
      const event = next(client, 'daymarket', 2000, (e) => e.symbol === 'ETH/USDT');
      clock.advance(1000);
      return event;
    };
    const first = await nextOfEth();
    const second = await nextOfEth();
    expect(second.seq).toBe(first.seq + 1);
    expect(first).toMatchObject({ currency_id: 2, legal_id: 3, now_price: expect.stringMatching(/^\d+\.\d{8}$/) });
  });

  it('answers the spec login (user id with currency and legal names) by following that pair', async () => {
    const user = await buildSignedInUser(server);
    const client = await open();
    expect(await emit(client, 'login', { token: user.token, user_id: String(user.id), currency_name: 'ETH', legal_name: 'USDT' })).toEqual({
      ok: true,
    });
    expect((await next(client, 'market_trade')).symbol).toBe('ETH/USDT');
  });

  it('never lets a socket receive another user’s private events', async () => {
    const victim = await buildSignedInUser(server);
    const attacker = await buildSignedInUser(server);
    const victimSocket = await open({ token: victim.token });
    const forged = await open({ token: attacker.token });
    const anonymous = await open();
    expect(await emit(forged, 'login', { user_id: String(victim.id) })).toEqual({ ok: false, code: 'session_invalid' });
    expect(await emit(anonymous, 'login', { user_id: String(victim.id) })).toEqual({ ok: false, code: 'session_invalid' });
    expect(await emit(anonymous, 'login', { user_id: String(victim.id), token: 'not-a-token' })).toEqual({
      ok: false,
      code: 'session_invalid',
    });
    const leaked: unknown[] = [];
    for (const s of [forged, anonymous]) s.on('closed_microorder', (e) => leaked.push(e));
    const attackerOwn = next(forged, 'closed_microorder');

    server.app.realtime.publishPrivate(victim.id, 'closed_microorder', { id: 7 });
    expect(await next(victimSocket, 'closed_microorder')).toEqual({ id: 7, type: 'closed_microorder', to: Number(victim.id) });
    // the attacker's own event comes after the victim's on the same path: by then a leak would have arrived
    server.app.realtime.publishPrivate(attacker.id, 'closed_microorder', { id: 8 });
    expect(await attackerOwn).toMatchObject({ id: 8 });
    expect(leaked).toEqual([{ id: 8, type: 'closed_microorder', to: Number(attacker.id) }]);
  });
});

/**
 * Holds back whatever the server writes to a connection, as a network that takes nothing would:
 * the write callbacks do not fire, so the websocket transport stays unwritable and socket.io queues
 * further packets, exactly as for a client that stopped reading. Answers the release, which lets
 * the held bytes through in order.
 */
function holdWrites(tcp: TcpSocket): () => void {
  const held: unknown[][] = [];
  tcp.write = ((...args: unknown[]) => held.push(args) > 0) as TcpSocket['write'];
  return () => {
    Reflect.deleteProperty(tcp, 'write');
    for (const args of held) (tcp.write as (...a: unknown[]) => boolean)(...args);
  };
}

describe('a socket that falls behind', () => {
  let server: TestServer;
  let report: (event: FeedEvent) => void;
  const clients: Client[] = [];
  let btc: number;
  const book = (): FeedEvent => ({
    kind: 'depth',
    pairId: btc,
    depth: { bids: [[mustParseUnits('100'), mustParseUnits('1')]], asks: [[mustParseUnits('101'), mustParseUnits('1')]] },
  });
  // one packet per turn of the event loop: a socket that keeps up has written each by the next turn,
  // so packets pile up only behind the held connection, not because they came in one burst
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  beforeAll(async () => {
    // the test is the only feed, so it decides when each book is published and nothing else is sent
    let started!: (report: (event: FeedEvent) => void) => void;
    const feedStarted = new Promise<(event: FeedEvent) => void>((resolve) => (started = resolve));
    server = await startTestServer({ market: { feed: () => ({ start: async (r) => started(r), stop: async () => {} }) } });
    report = await feedStarted;
    btc = server.market.board.pairBySymbol('BTC/USDT')!.pairId;
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server.close();
  });

  /** The client, subscribed to BTC/USDT, and the server's TCP connection to it. */
  const subscribed = async (auth: Record<string, string> = {}) => {
    const client = await openClient(server.url, clients, auth);
    expect(await emit(client, 'sub', 'BTC/USDT')).toEqual({ ok: true });
    const tcp = server.app.realtime.io.of('/').sockets.get(client.id!)!.conn.request.socket;
    return { client, tcp };
  };

  it('numbers the books of a socket that keeps up without gaps', async () => {
    const { client } = await subscribed();
    const seqs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = next(client, 'market_depth');
      report(book());
      seqs.push((await sent).seq);
    }
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
  });

  it('sends a backed-up socket the latest book when it catches up, not every book it missed', async () => {
    const { client, tcp } = await subscribed();
    const first = next(client, 'market_depth');
    report(book());
    const { seq } = await first;
    const seqs: number[] = [];
    client.on('market_depth', (e) => seqs.push(e.seq));

    const missed = 50;
    const latest = next(client, 'market_depth', 5000, (e) => e.seq === seq + missed);
    const release = holdWrites(tcp);
    for (let i = 0; i < missed; i++) {
      report(book());
      await turn();
    }
    release();
    await latest;
    // a few books were already queued when the socket fell behind; the rest gave way to the latest,
    // which comes after them
    expect(seqs.length).toBeLessThan(missed / 5);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  });

  it('drops a socket whose queue passes the limit', async () => {
    const user = await buildSignedInUser(server);
    const { client, tcp } = await subscribed({ token: user.token });
    const closed = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('still connected after 5 s')), 5000);
      client.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

    const release = holdWrites(tcp);
    for (let i = 0; i <= limits.socketQueuePacketsMax + 1; i++) {
      server.app.realtime.publishPrivate(user.id, 'afterCoinTrade', { i });
      await turn();
    }
    // the queue is looked at when market data goes out
    report(book());
    release();
    expect(await closed).toBe('io server disconnect');
  });
});
