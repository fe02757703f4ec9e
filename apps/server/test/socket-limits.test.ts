import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { manualClock } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import { addressGate } from '../src/realtime/address-gate';
import { startTestServer, type TestServer } from './harness';

// One client address cannot hold the socket layer: sockets open at once and handshakes per window
// are capped per address, and a socket that says nothing gets no market stream.
describe('sockets per client address', () => {
  const clock = manualClock(Date.UTC(2030, 0, 15, 12, 0, 30));
  const clients: Socket[] = [];
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ market: { seed: 7, stepMs: 100, clock } });
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server.close();
  });

  /** An Engine.IO handshake (long-polling) from `address`: its status and answer. */
  async function handshake(address: string): Promise<{ status: number; sid?: string; body: string }> {
    const response = await fetch(`${server.url}/wss/socket.io/?EIO=4&transport=polling`, { headers: { 'x-forwarded-for': address } });
    const body = await response.text();
    const sid = response.ok ? (JSON.parse(body.slice(1)) as { sid: string }).sid : undefined;
    return { status: response.status, body, ...(sid ? { sid } : {}) };
  }

  /** Closes a long-polling connection, as its client would; resolves once the server let it go. */
  async function hangUp(address: string, sid: string) {
    const connection = (server.app.realtime.io.engine as unknown as { clients: Record<string, { once(e: 'close', l: () => void): void }> }).clients[sid]!;
    const closed = new Promise<void>((resolve) => connection.once('close', resolve));
    await fetch(`${server.url}/wss/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body: '1', headers: { 'x-forwarded-for': address } });
    await closed;
  }

  it('refuses a socket past the open ones an address may hold, with the code, until one closes', async () => {
    const address = '203.0.113.7';
    const open: string[] = [];
    for (let i = 0; i < limits.socketsPerAddressMax; i++) {
      const { status, sid } = await handshake(address);
      expect(status).toBe(200);
      open.push(sid!);
    }
    expect(await handshake(address)).toMatchObject({ status: 403, body: JSON.stringify({ code: 4, message: 'socket_limit' }) });
    // another address is not held back
    expect((await handshake('203.0.113.8')).status).toBe(200);
    await hangUp(address, open.pop()!);
    expect((await handshake(address)).status).toBe(200);
  });

  it('refuses handshakes past the window’s budget of an address, and takes them again once it passed', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < limits.socketHandshakesPerAddress.max; i++) {
      const { status, sid } = await handshake(address);
      expect(status).toBe(200);
      await hangUp(address, sid!);
    }
    expect(await handshake(address)).toMatchObject({ status: 403, body: JSON.stringify({ code: 4, message: 'rate_limited' }) });
    clock.advance(limits.socketHandshakesPerAddress.windowMs);
    expect((await handshake(address)).status).toBe(200);
  });

  it('sends no market event to a socket that neither logs in nor subscribes; the template’s bare login gets every pair', async () => {
    const open = async () => {
      const client = connect(server.url, { path: '/wss/socket.io/', transports: ['websocket'], forceNew: true, extraHeaders: { 'x-forwarded-for': '203.0.113.10' } });
      clients.push(client);
      await new Promise<void>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('connect_error', reject);
      });
      return client;
    };
    const [idle, legacy] = await Promise.all([open(), open()]);
    const idleGot: string[] = [];
    idle.onAny((event: string) => void idleGot.push(event));
    const legacyGot = new Set<string>();
    legacy.onAny((event: string) => void legacyGot.add(event));
    legacy.emit('login', 'null');
    // the legacy stream goes out at most once a second of the clock: each pair's next is due now
    clock.advance(1000);
    await expect.poll(() => ['market_depth', 'market_detail', 'kline', 'daymarket'].every((e) => legacyGot.has(e)), { timeout: 10_000 }).toBe(true);
    // an answer on the idle socket's own connection comes after whatever the server sent it before
    await new Promise((resolve) => idle.emit('unsub', 'NONE/NONE', resolve));
    expect(idleGot).toEqual([]);
  });
});

// With Redis, every process's gate counts the same sockets: two gates stand for two processes.
describe.skipIf(!process.env.TEST_REDIS_URL)('the address gate shared through Redis', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  const prefix = `tidemark-test-gate-${randomBytes(6).toString('hex')}`;
  const gates = [0, 1].map(() => addressGate({ redis, prefix, onError: (error) => { throw error; } }));
  afterAll(async () => {
    await Promise.all(gates.map((gate) => gate.close()));
    await redis.quit();
  });

  it('refuses on one process the socket past those the address holds on both, and the handshakes made on both', async () => {
    const [a, b] = gates as [ReturnType<typeof addressGate>, ReturnType<typeof addressGate>];
    const nowMs = Date.UTC(2030, 0, 1);
    const address = '198.51.100.1';
    for (let i = 0; i < limits.socketsPerAddressMax; i++) {
      const gate = i % 2 === 0 ? a : b;
      expect(await gate.admit(address, nowMs)).toBeUndefined();
      gate.opened(address);
    }
    expect(await a.admit(address, nowMs)).toBe('socket_limit');
    b.closed(address);
    // the count's writes are queued on the one connection before the read: it sees them
    expect(await a.admit(address, nowMs)).toBeUndefined();
    for (let i = limits.socketsPerAddressMax + 1; i < limits.socketHandshakesPerAddress.max; i++) expect(await b.admit(address, nowMs)).toBeUndefined();
    b.closed(address);
    expect(await a.admit(address, nowMs)).toBe('rate_limited');
    expect(await a.admit(address, nowMs + limits.socketHandshakesPerAddress.windowMs)).toBeUndefined();
  });
});
