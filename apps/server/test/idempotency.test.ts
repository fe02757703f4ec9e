import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { formatUnits } from '@tidemark/core';
import { calls, zPositiveAmount, type CallSpec } from '@tidemark/protocol';
import { route } from '../src/http/calls';
import { ok } from '../src/http/envelope';
import { ledgerKeyOf } from '../src/http/idempotency';
import { postTransaction } from '../src/modules/ledger/service';
import { hashPassword } from '../src/modules/user/password';
import { buildSignedInUser, buildTrader } from '../src/testing/factories';
import { startTestServer, type Answer, type TestServer } from './harness';

const USDT = 3n;
let failAfterPosting = false;
let server: TestServer;

/** A money-moving call as later features will have: spends `number` USDT as a fee. */
const probeSpend = {
  method: 'POST',
  path: '/api/probe/spend',
  module: 'probe',
  auth: 'user',
  money: true,
  summary: 'Test: spend an amount as a fee',
  request: z.object({ number: zPositiveAmount }),
  response: z.object({ type: z.literal('ok'), message: z.object({ txn: z.string() }) }),
} as const satisfies CallSpec;

const spendRoute = async (app: FastifyInstance) => {
  route(app, probeSpend, async (request, _reply, { db, ledgerKey }) => {
    const { txnId } = await postTransaction(
      db,
      {
        kind: 'fee',
        ...(ledgerKey ? { idempotencyKey: ledgerKey } : {}),
        legs: [
          { account: { userId: request.userId, wallet: 'change', currencyId: USDT }, deltaUnits: -request.body.number },
          { account: { system: 'fees', currencyId: USDT }, deltaUnits: request.body.number },
        ],
      },
      server.clock(),
    );
    // the process failing after the money moved, before the answer is stored
    if (failAfterPosting) {
      failAfterPosting = false;
      throw new Error('disk on fire');
    }
    return ok({ txn: txnId.toString() });
  });
};

describe('Idempotency-Key on money-moving calls', () => {
  beforeAll(async () => {
    server = await startTestServer({ extraRoutes: spendRoute });
  });
  afterAll(() => server.close());

  const available = async (userId: bigint) => {
    const row = await server.db
      .selectFrom('account')
      .select('available_units')
      .where('user_id', '=', userId)
      .where('currency_id', '=', USDT)
      .where('wallet', '=', 'change')
      .executeTakeFirstOrThrow();
    return formatUnits(row.available_units);
  };
  const txnsWithKey = async (userId: bigint, key: string) =>
    (await server.db.selectFrom('ledger_txn').select('id').where('idempotency_key', '=', ledgerKeyOf(userId, key)).execute()).length;
  const claims = async (userId: bigint) =>
    server.db.selectFrom('idempotency_request').select(['key', 'response']).where('user_id', '=', userId).execute();
  /** the raw answer, for its headers */
  const spend = async (token: string, key: string, number: string) => {
    const response = await fetch(new URL(probeSpend.path, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: new URLSearchParams({ number }),
    });
    return { replayed: response.headers.get('idempotent-replayed') === 'true', body: (await response.json()) as Answer<typeof probeSpend> };
  };

  it('returns the first answer to a repeat, marked as replayed, without doing the work again', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const first = await spend(user.token, 'order-7f3a', '10');
    const second = await spend(user.token, 'order-7f3a', '10');
    expect(first.body.type).toBe('ok');
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ replayed: true, body: first.body });
    expect(await available(user.id)).toBe('90.00000000');
    expect(await txnsWithKey(user.id, 'order-7f3a')).toBe(1);
    await server.expectLedgerSound();
  });

  it('refuses the same key with a different body', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const headers = { 'idempotency-key': 'k-1' };
    await server.call(probeSpend, { number: '10' }, { token: user.token, headers });
    const other = await server.refused(probeSpend, { number: '20' }, { token: user.token, headers, lang: 'en' });
    expect(other).toMatchObject({ type: 'error', code: 'idempotency_key_reused' });
    expect(await available(user.id)).toBe('90.00000000');
    await server.expectLedgerSound();
  });

  it('keeps keys apart per user', async () => {
    const a = await buildTrader(server, { funds: [[USDT, '10']] });
    const b = await buildTrader(server, { funds: [[USDT, '10']] });
    const headers = { 'idempotency-key': 'shared-key' };
    await server.call(probeSpend, { number: '1' }, { token: a.token, headers });
    await server.call(probeSpend, { number: '1' }, { token: b.token, headers });
    expect([await available(a.id), await available(b.id)]).toEqual(['9.00000000', '9.00000000']);
    await server.expectLedgerSound();
  });

  it('does the work once and gives every racing twin the same ok', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => spend(user.token, 'race-1', '5')));
    expect(answers[0]!.body.type).toBe('ok');
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await available(user.id)).toBe('95.00000000');
    expect(await txnsWithKey(user.id, 'race-1')).toBe(1);
    await server.expectLedgerSound();
  });

  it('rolls back the claim and the money when the work fails after posting, so a retry moves the money once', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '10']] });
    failAfterPosting = true;
    const crashed = await spend(user.token, 'c', '4');
    expect(crashed.body).toMatchObject({ type: 'error', code: 'internal' });
    expect(await claims(user.id)).toEqual([]);
    expect(await available(user.id)).toBe('10.00000000');
    expect(await txnsWithKey(user.id, 'c')).toBe(0);
    const retried = await spend(user.token, 'c', '4');
    expect(retried).toMatchObject({ replayed: false, body: { type: 'ok' } });
    expect(await spend(user.token, 'c', '4')).toEqual({ replayed: true, body: retried.body });
    expect(await available(user.id)).toBe('6.00000000');
    expect(await txnsWithKey(user.id, 'c')).toBe(1);
    expect(await claims(user.id)).toEqual([{ key: 'c', response: JSON.stringify(retried.body) }]);
    await server.expectLedgerSound();
  });

  it('keeps no refusal: a retry with the key does the work once it can', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '1']] });
    expect((await spend(user.token, 'r', '2')).body).toMatchObject({ type: 'error', code: 'insufficient_balance' });
    expect(await claims(user.id)).toEqual([]);
    expect((await spend(user.token, 'r', '1')).body.type).toBe('ok');
    expect(await available(user.id)).toBe('0.00000000');
    await server.expectLedgerSound();
  });

  it('refuses a malformed or too long key', async () => {
    const user = await buildSignedInUser(server);
    for (const key of ['has space', 'k'.repeat(129)]) {
      const answer = await server.refused(probeSpend, { number: '1' }, { token: user.token, headers: { 'idempotency-key': key } });
      expect(answer).toMatchObject({ type: 'error', code: 'idempotency_key_invalid' });
    }
  });

  it('withdraws once per key, the ledger txn carrying it, and replays even after the fund password changed', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const form = { currency: '3', number: '20', address: user.address.address, pay_password: user.fundPassword };
    const headers = { 'idempotency-key': 'out-1' };
    const first = await server.call(calls.walletOut, form, { token: user.token, headers });
    await server.db.updateTable('user').set({ pay_password_hash: await hashPassword('654321') }).where('id', '=', user.id).execute();
    expect(await server.call(calls.walletOut, form, { token: user.token, headers })).toEqual(first);
    expect(await server.refused(calls.walletOut, form, { token: user.token, headers: { 'idempotency-key': 'out-2' } })).toMatchObject({
      code: 'pay_password_wrong',
    });
    expect(await available(user.id)).toBe('80.00000000');
    expect(await txnsWithKey(user.id, 'out-1')).toBe(1);
    await server.expectLedgerSound();
  });
});
