import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { calls, type ClientToServerEvents, type ServerToClientEvents } from '@tidemark/protocol';
import { onPostgres } from './harness';
import { onPg, startNode, stopAll, type Node } from './cluster';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type SignedIn = { userId: string; token: string };

// Two real server processes on one PostgreSQL schema and one Redis: a session ended on one process
// disconnects the sockets bound to it on the other.
describe.skipIf(!onPostgres)('sessions ended across two processes', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const children: ChildProcess[] = [];
  const clients: Client[] = [];
  let a: Node;
  let b: Node;

  beforeAll(async () => {
    await onPg(`create schema ${schema}`);
    [a, b] = await Promise.all([startNode(schema, children), startNode(schema, children)]);
    // Redis keeps no message for a process that has not subscribed yet: wait until both have
    await vi.waitFor(
      async () => {
        if ((await a.command({ kind: 'countServers' })) !== 2) throw new Error('not both processes subscribed to the socket adapter');
      },
      { timeout: 10_000, interval: 50 },
    );
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await stopAll(children);
    await onPg(`drop schema if exists ${schema} cascade`);
  });

  const openOnB = async (token: string) => {
    const client: Client = connect(b.url, { path: '/wss/socket.io/', transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    return client;
  };
  const disconnected = (client: Client) => new Promise<string>((resolve) => client.once('disconnect', resolve));

  it('a logout on one process disconnects the session’s socket on the other, and leaves the user’s other session’s', async () => {
    const trader = (await a.command({ kind: 'trader' })) as SignedIn;
    const otherDevice = (await a.command({ kind: 'signIn' })) as SignedIn;
    const ending = await openOnB(trader.token);
    const staying = await openOnB(otherDevice.token);
    const ended = disconnected(ending);
    await a.call(calls.userLogout, {}, { token: trader.token });
    expect(await ended).toBe('transport close');
    expect(staying.connected).toBe(true);
  });

  it('a staff lock of sign-in on one process disconnects the trader’s sockets on the other', async () => {
    const admin = (await a.command({ kind: 'admin' })) as SignedIn;
    const trader = (await b.command({ kind: 'trader' })) as SignedIn;
    const ended = disconnected(await openOnB(trader.token));
    await a.call(calls.adminUserLock, { id: trader.userId, lock: 'login', on: '1' }, { token: admin.token });
    expect(await ended).toBe('transport close');
  });
});
