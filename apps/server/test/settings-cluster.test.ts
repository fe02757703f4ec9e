import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { calls } from '@tidemark/protocol';
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

  it('answers a deposit address and the platform switch set on the other process at once', async () => {
    const admin = (await follower.command({ kind: 'admin' })) as SignedIn;
    const trader = (await leader.command({ kind: 'trader' })) as SignedIn;
    const address = { currency_id: '3', network: 'ETH', address: DEPOSIT_ADDRESSES.ETH };
    await follower.call(calls.adminDepositAddressSave, address, { token: admin.token });
    expect((await leader.call(calls.walletInAddress, { currency: '3' }, { token: trader.token })).message.ETH).toBe(DEPOSIT_ADDRESSES.ETH);
    await leader.call(calls.adminPlatformSave, { open: '0' }, { token: admin.token });
    expect((await follower.call(calls.walletList, {}, { token: trader.token })).message.is_open_CTbi).toBe(0);
  });

  it('has the leader’s market maker quote the settings saved on the follower', async () => {
    const admin = (await follower.command({ kind: 'admin' })) as SignedIn;
    const depth = async () => (await follower.call(calls.coinDepth, { currency_id: '1', legal_id: '3' })).message.lever_transaction.in;
    // the seeded ten rungs of 0.05 BTC a side, quoted by the leader
    await vi.waitFor(async () => expect(await depth()).toHaveLength(10), { timeout: 10_000, interval: 100 });
    const form = { pair_id: '2', is_active: '1', levels: '3', spread: '0.2', step: '0.1', size: '0.02' };
    await follower.call(calls.adminSpotMakerSave, form, { token: admin.token });
    await vi.waitFor(async () => expect(await depth()).toEqual(Array(3).fill([expect.any(String), '0.02000000'])), { timeout: 10_000, interval: 100 });
    // switched off: its quotes leave the book
    await follower.call(calls.adminSpotMakerSave, { ...form, is_active: '0' }, { token: admin.token });
    await vi.waitFor(async () => expect(await depth()).toEqual([]), { timeout: 10_000, interval: 100 });
    expect(await leader.command({ kind: 'checkLedger' })).toEqual([]);
  });
});
