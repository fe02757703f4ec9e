import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_ADDRESSES } from '../src/testing/factories';
import { onPostgres } from './harness';
import { onPg, startNode, stopAll, type Node } from './cluster';

type SignedIn = { userId: string; token: string };

// Two real server processes on one PostgreSQL schema and one Redis: a setting staff change on one
// process is what the other answers next, and the leader's engines reload it, with no restart.
describe.skipIf(!onPostgres)('console settings across two processes', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const children: ChildProcess[] = [];
  let leader: Node;
  let follower: Node;

  beforeAll(async () => {
    await onPg(`create schema ${schema}`);
    const nodes = await Promise.all([startNode(schema, children, { NODE_MARKET_MAKER: '1' }), startNode(schema, children, { NODE_MARKET_MAKER: '1' })]);
    const leaderIndex = await Promise.race(nodes.map((n, i) => n.leading.then(() => i)));
    leader = nodes[leaderIndex]!;
    follower = nodes[1 - leaderIndex]!;
  });
  afterAll(async () => {
    await stopAll(children);
    await onPg(`drop schema if exists ${schema} cascade`);
  });

  const post = async (node: Node, path: string, form: Record<string, string>, token: string) =>
    (await fetch(`${node.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      body: new URLSearchParams(form),
    }).then((r) => r.json())) as { type: string; message: Record<string, unknown> };

  it('answers a deposit address and the platform switch set on the other process at once', async () => {
    const admin = (await follower.command({ kind: 'admin' })) as SignedIn;
    const trader = (await leader.command({ kind: 'trader' })) as SignedIn;
    const address = { currency_id: '3', network: 'ETH', address: DEPOSIT_ADDRESSES.ETH };
    expect(await post(follower, '/api/admin/markets/deposit_address', address, admin.token)).toMatchObject({ type: 'ok' });
    expect((await post(leader, '/api/wallet/get_in_address', { currency: '3' }, trader.token)).message['ETH']).toBe(DEPOSIT_ADDRESSES.ETH);
    expect(await post(leader, '/api/admin/markets/platform', { open: '0' }, admin.token)).toMatchObject({ type: 'ok' });
    expect((await post(follower, '/api/wallet/list', {}, trader.token)).message['is_open_CTbi']).toBe(0);
  });

  it('has the leader’s market maker quote the settings saved on the follower', async () => {
    const admin = (await follower.command({ kind: 'admin' })) as SignedIn;
    const depth = async () =>
      ((await (await fetch(`${follower.url}/api/coin/depth?currency_id=1&legal_id=3`)).json()) as { message: { lever_transaction: { in: [string, string][] } } }).message
        .lever_transaction.in;
    // the seeded ten rungs of 0.05 BTC a side, quoted by the leader
    await vi.waitFor(async () => expect(await depth()).toHaveLength(10), { timeout: 10_000, interval: 100 });
    const form = { pair_id: '2', is_active: '1', levels: '3', spread: '0.2', step: '0.1', size: '0.02' };
    expect(await post(follower, '/api/admin/markets/spot_maker', form, admin.token)).toMatchObject({ type: 'ok' });
    await vi.waitFor(async () => expect(await depth()).toEqual(Array(3).fill([expect.any(String), '0.02000000'])), { timeout: 10_000, interval: 100 });
    // switched off: its quotes leave the book
    expect(await post(follower, '/api/admin/markets/spot_maker', { ...form, is_active: '0' }, admin.token)).toMatchObject({ type: 'ok' });
    await vi.waitFor(async () => expect(await depth()).toEqual([]), { timeout: 10_000, interval: 100 });
    expect(await leader.command({ kind: 'checkLedger' })).toEqual([]);
  });
});
