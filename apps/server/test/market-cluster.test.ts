import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { calls, type ClientToServerEvents, type ServerToClientEvents, type TMarketDepthEvent } from '@tidemark/protocol';
import { onPostgres } from './harness';
import { onPg, startNode as startClusterNode, stopAll } from './cluster';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

// Two real server processes on one PostgreSQL schema and one Redis; needs both, so only in the PostgreSQL run.
describe.skipIf(!onPostgres)('two server processes with Redis', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const children: ChildProcess[] = [];
  const clients: Socket[] = [];

  const startNode = () => startClusterNode(schema, children);

  beforeAll(() => onPg(`create schema ${schema}`));
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await stopAll(children);
    await onPg(`drop schema if exists ${schema} cascade`);
  });

  it('delivers the leader’s ticks through the other process, which takes over when the leader dies', async () => {
    // both start together (migrations take a lock); whichever takes the engine lock first leads
    const nodes = await Promise.all([startNode(), startNode()]);
    const leaderIndex = await Promise.race(nodes.map((n, i) => n.leading.then(() => i)));
    const a = nodes[leaderIndex]!;
    const b = nodes[1 - leaderIndex]!;

    const client: Client = connect(b.url, {
      path: '/wss/socket.io/',
      transports: ['websocket'],
    });
    clients.push(client);
    const books: TMarketDepthEvent[] = [];
    let booksWanted: { count: number; resolve: () => void } | undefined;
    client.on('market_depth', (e) => {
      books.push(e);
      if (booksWanted && books.length >= booksWanted.count) booksWanted.resolve();
    });
    client.emit('sub', 'BTC/USDT');
    // resolves on the book that makes `count`, fails when none comes in time
    const waitForBooks = (count: number, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        if (books.length >= count) return resolve();
        const timer = setTimeout(() => reject(new Error(`only ${books.length} books of ${count}`)), timeoutMs);
        booksWanted = {
          count,
          resolve: () => {
            clearTimeout(timer);
            booksWanted = undefined;
            resolve();
          },
        };
      });
    await waitForBooks(3, 3000);
    const seqBeforeKill = books.at(-1)!.seq;

    a.child.kill('SIGKILL');
    await b.leading;
    const countAfterTakeover = books.length;
    await waitForBooks(countAfterTakeover + 3, 3000);
    // the new leader numbers on from what it saw, so the stream reads as one
    expect(books.at(-1)!.seq).toBeGreaterThan(seqBeforeKill);
    const trades = await b.call(calls.newTradeHistory, { legal_id: '3', currency_id: '1' });
    expect(trades.message.length).toBeGreaterThan(0);
  });

  it('delivers a user’s private event published on one process to that user’s sockets on another, and to no one else', async () => {
    const [a, b] = await Promise.all([startNode(), startNode()]);
    type SignedIn = { userId: string; token: string };
    const x = (await a.command({ kind: 'signIn' })) as SignedIn;
    const y = (await a.command({ kind: 'signIn' })) as SignedIn;
    const openOnB = async (token: string) => {
      const client: Client = connect(b.url, { path: '/wss/socket.io/', transports: ['websocket'], auth: { token }, forceNew: true });
      clients.push(client);
      await new Promise<void>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('connect_error', reject);
      });
      return client;
    };
    const ofX = await openOnB(x.token);
    const ofY = await openOnB(y.token);
    // Redis keeps no message for a process that has not subscribed yet: wait until every live one has
    const live = children.filter((child) => child.exitCode === null && child.signalCode === null).length;
    await vi.waitFor(
      async () => {
        if ((await a.command({ kind: 'countServers' })) !== live) throw new Error(`not all ${live} processes subscribed to the socket adapter`);
      },
      { timeout: 5000, interval: 50 },
    );
    const leaked: unknown[] = [];
    ofY.on('afterCoinTrade', (e) => leaked.push(e));
    const nextOf = (client: Client) =>
      new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no afterCoinTrade within 5 s')), 5000);
        client.once('afterCoinTrade', (e) => {
          clearTimeout(timer);
          resolve(e);
        });
      });

    const toX = nextOf(ofX);
    await a.command({ kind: 'publishPrivate', userId: x.userId, event: 'afterCoinTrade', payload: { order: 1 } });
    // addressed as template-family handlers test it: the event's name and its user
    expect(await toX).toEqual({ order: 1, type: 'afterCoinTrade', to: Number(x.userId) });
    // Y's own event takes the same path after X's: by then a leak of X's would have arrived
    const toY = nextOf(ofY);
    await a.command({ kind: 'publishPrivate', userId: y.userId, event: 'afterCoinTrade', payload: { order: 2 } });
    expect(await toY).toEqual({ order: 2, type: 'afterCoinTrade', to: Number(y.userId) });
    expect(leaked).toEqual([{ order: 2, type: 'afterCoinTrade', to: Number(y.userId) }]);
  });

  it('has the leader watch a lever order submitted on the follower within a second, and the follower watch it after the leader dies', async () => {
    // the earlier tests' processes would lead: only these two run
    await stopAll(children);
    const nodes = await Promise.all([startNode(), startNode()]);
    const leaderIndex = await Promise.race(nodes.map((n, i) => n.leading.then(() => i)));
    const leader = nodes[leaderIndex]!;
    const follower = nodes[1 - leaderIndex]!;
    const trader = (await follower.command({ kind: 'leverTrader' })) as { token: string };
    /** the trader's session, and a key of each call's own */
    const keyed = () => ({ token: trader.token, headers: { 'idempotency-key': randomBytes(8).toString('hex') } });
    // the follower's feed comes from the leader: wait until it has a price to open at
    const open = { legal_id: '3', currency_id: '1', multiple: '10', share: '10', type: '1', status: '1' };
    await vi.waitFor(async () => expect((await follower.attempt(calls.leverSubmit, open, keyed())).type).toBe('ok'), {
      timeout: 5000,
      interval: 100,
    });
    const submittedAtMs = performance.now();
    const [order] = (await follower.call(calls.leverMyTrade, { status: '1' }, keyed())).message.message.data;
    await leader.command({ kind: 'leverWatching', orderId: String(order!.id) });
    expect(performance.now() - submittedAtMs).toBeLessThan(1000);

    leader.child.kill('SIGKILL');
    await follower.leading;
    // the new leader rebuilt its book from the database: the order is watched, and it closes there
    await follower.command({ kind: 'leverWatching', orderId: String(order!.id) });
    await follower.call(calls.leverClose, { id: String(order!.id) }, keyed());
  });

  it('matches spot orders placed on either process in the leader’s one book', { timeout: 60_000 }, async () => {
    // the earlier tests' processes go first, so one of these two leads
    await stopAll(children);
    const nodes = await Promise.all([startNode(), startNode()]);
    const leaderIndex = await Promise.race(nodes.map((n, i) => n.leading.then(() => i)));
    const leader = nodes[leaderIndex]!;
    const follower = nodes[1 - leaderIndex]!;
    type SignedIn = { userId: string; token: string };
    const seller = (await follower.command({ kind: 'trader', funds: [['1', '0.01']] })) as SignedIn;
    const buyer = (await leader.command({ kind: 'trader', funds: [['3', '2000']] })) as SignedIn;
    // the seller follows its orders on the follower's socket
    const client: Client = connect(follower.url, { path: '/wss/socket.io/', transports: ['websocket'], auth: { token: seller.token }, forceNew: true });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    const live = children.filter((child) => child.exitCode === null && child.signalCode === null).length;
    await vi.waitFor(
      async () => {
        if ((await leader.command({ kind: 'countServers' })) !== live) throw new Error(`not all ${live} processes subscribed to the socket adapter`);
      },
      { timeout: 5000, interval: 50 },
    );
    // every notice kept, so one that came before its wait is still found
    const notices: Array<Record<string, unknown>> = [];
    const waiting = new Set<() => void>();
    client.on('afterCoinTrade', (event) => {
      notices.push(event);
      waiting.forEach((check) => check());
    });
    const statusOf = (orderId: number, status: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`order ${orderId} not at status ${status} within 10 s`)), 10_000);
        const check = () => {
          if (!notices.some((e) => e.order_id === orderId && e.status === status)) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    // a price inside the band around the index both processes see
    const { message } = await follower.call(calls.depth, { legal_id: '3', currency_id: '1' });
    const price = Number(message.last_price).toFixed(2);
    const pair = { currency_id: '1', legal_id: '3' };

    const sell = await follower.call(calls.coinSubmit, { ...pair, type: '2', status: '0', price, number: '0.01' }, { token: seller.token });
    await statusOf(sell.message.id, 1);
    const buy = await leader.call(calls.coinSubmit, { ...pair, type: '1', status: '0', price, number: '0.01' }, { token: buyer.token });
    await statusOf(sell.message.id, 2);
    const history = await follower.call(calls.coinMyOrders, { ...pair, status: '3' }, { token: buyer.token });
    expect(history.message.data[0]).toMatchObject({ id: buy.message.id, status: 2 });
    expect(await leader.command({ kind: 'checkLedger' })).toEqual([]);
  });
});
