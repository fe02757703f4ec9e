import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import connectV2 from 'socket.io-client-v2';
import { io as connectV4 } from 'socket.io-client';
import { manualClock } from '@tidemark/core';
import { ZDayMarketEvent, ZKlineEvent, ZMarketDepthEvent, ZMarketDetailEvent } from '@tidemark/protocol';
import { buildSignedInUser } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';

/** The four events a template-family page reads, with the schema each payload must fit. */
const LEGACY_EVENTS = { market_depth: ZMarketDepthEvent, market_detail: ZMarketDetailEvent, kline: ZKlineEvent, daymarket: ZDayMarketEvent };
type LegacyEvent = keyof typeof LEGACY_EVENTS;
type Payload = { type: string; symbol: string; time: number; currency_id: number; legal_id: number; match_id: number; period?: string };

/**
 * A client of the template family: socket.io 2 (Engine.IO 3), connected at the spec's path,
 * logging in with a bare user id and never sending `sub`.
 */
describe('a template-family socket (socket.io 2, bare-id login, no sub)', () => {
  let server: TestServer;
  // the legacy stream goes out at most once a second of this clock, so the test decides when
  const clock = manualClock(Date.UTC(2030, 0, 15, 12, 0, 30));
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    server = await startTestServer({ market: { seed: 7, stepMs: 100, clock } });
  });
  afterAll(async () => {
    closers.forEach((close) => close());
    await server.close();
  });

  const openLegacy = async () => {
    const socket = connectV2(server.url, { path: '/wss/socket.io/', transports: ['websocket'], forceNew: true, reconnection: false });
    closers.push(() => socket.close());
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error: Error) => reject(error));
    });
    return socket;
  };

  it('receives every pair’s depth, trades, bars and 24h figures with type and ids, at most once a second, and no private event', async () => {
    const user = await buildSignedInUser(server);
    const legacy = await openLegacy();
    // the server speaks Engine.IO 3 with it
    expect([...server.app.realtime.io.of('/').sockets.values()].some((s) => s.conn.protocol === 3)).toBe(true);

    const received: { event: string; payload: Payload }[] = [];
    for (const event of [...Object.keys(LEGACY_EVENTS), 'closed_microorder', 'afterCoinTrade']) {
      legacy.on(event, (payload: Payload) => void received.push({ event, payload }));
    }
    legacy.emit('login', String(user.id));
    // whatever went out before it connected, every pair's next event is due now
    clock.advance(1000);

    // a socket with the user's token is the control: the private event reaches it, and by then
    // it would have reached the legacy socket too, had the bare id joined the user's room
    const owner = connectV4(server.url, { path: '/wss/socket.io/', transports: ['websocket'], auth: { token: user.token }, forceNew: true });
    closers.push(() => owner.disconnect());
    await new Promise<void>((resolve) => owner.once('connect', () => resolve()));

    const pairsOf = (event: LegacyEvent) => new Set(received.filter((r) => r.event === event).map((r) => r.payload.symbol));
    const complete = () => (Object.keys(LEGACY_EVENTS) as LegacyEvent[]).every((event) => pairsOf(event).size >= 2);
    await expect.poll(complete, { timeout: 10_000 }).toBe(true);

    for (const { event, payload } of received) {
      if (!(event in LEGACY_EVENTS)) continue;
      LEGACY_EVENTS[event as LegacyEvent].parse(payload);
      expect(payload.type).toBe(event);
      const pair = server.market.board.pairBySymbol(payload.symbol)!;
      expect(payload).toMatchObject({ currency_id: pair.currencyId, legal_id: pair.legalId, match_id: pair.pairId });
    }
    // the header reads the day bar: kline comes for 1min and 1day
    expect(new Set(received.filter((r) => r.event === 'kline').map((r) => r.payload.period))).toEqual(new Set(['1min', '1day']));

    // ticks keep coming while the clock stands still (a subscribed socket sees several) ...
    const subscribed = connectV4(server.url, { path: '/wss/socket.io/', transports: ['websocket'], forceNew: true });
    closers.push(() => subscribed.disconnect());
    await new Promise((resolve) => subscribed.emit('sub', { symbol: 'BTC/USDT', channels: ['market_depth'] }, resolve));
    for (let i = 0; i < 3; i++) await new Promise((resolve) => subscribed.once('market_depth', resolve));
    // ... yet each pair's event and period went out at most once a second of the clock
    const timesOf = new Map<string, number[]>();
    for (const { event, payload } of received) {
      const key = `${event}:${payload.symbol}:${payload.period ?? ''}`;
      timesOf.set(key, [...(timesOf.get(key) ?? []), payload.time]);
    }
    for (const times of timesOf.values()) {
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    }

    // a second later, the next of each
    clock.advance(1000);
    await expect.poll(() => received.some((r) => r.event === 'market_depth' && r.payload.time === clock()), { timeout: 5000 }).toBe(true);

    const ownerGot = new Promise((resolve) => owner.once('closed_microorder', resolve));
    server.app.realtime.publishPrivate(user.id, 'closed_microorder', { id: 1 });
    expect(await ownerGot).toMatchObject({ type: 'closed_microorder', to: Number(user.id) });
    expect(received.filter((r) => !(r.event in LEGACY_EVENTS))).toEqual([]);
  });

  it('stops the every-pair stream once the socket sends sub, and follows what it asked for', async () => {
    const legacy = await openLegacy();
    const symbols = new Set<string>();
    const acked = new Promise((resolve) => legacy.emit('sub', { symbol: 'ETH/USDT', channels: ['market_depth'] }, resolve));
    expect(await acked).toEqual({ ok: true });
    legacy.on('market_depth', (payload: Payload) => void symbols.add(payload.symbol));
    clock.advance(1000);
    await expect.poll(() => symbols.has('ETH/USDT'), { timeout: 5000 }).toBe(true);
    const seen = symbols.size;
    clock.advance(1000);
    await new Promise((resolve) => legacy.once('market_depth', resolve));
    await new Promise((resolve) => legacy.once('market_depth', resolve));
    expect(symbols).toEqual(new Set(['ETH/USDT']));
    expect(seen).toBe(1);
  });

  it('a sub without a pair leaves the every-pair stream and keeps only the 24h figures', async () => {
    const page = connectV4(server.url, { path: '/wss/socket.io/', transports: ['websocket'], forceNew: true });
    closers.push(() => page.disconnect());
    const seen: string[] = [];
    page.onAny((event: string) => void seen.push(event));
    await new Promise<void>((resolve) => page.once('connect', () => resolve()));
    expect(await new Promise((resolve) => page.emit('sub', { channels: ['daymarket'] }, resolve))).toEqual({ ok: true });
    seen.length = 0;
    clock.advance(1000);
    // within a tick the legacy stream goes out before the 24h figures: on this socket, in order
    await new Promise((resolve) => page.once('daymarket', resolve));
    expect(new Set(seen)).toEqual(new Set(['daymarket']));
  });
});
