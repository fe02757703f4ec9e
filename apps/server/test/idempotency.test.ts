import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatUnits } from '@tidemark/core';
import { zPositiveAmount } from '@tidemark/protocol';
import { ok } from '../src/http/envelope';
import { postTransaction } from '../src/modules/ledger/service';
import { buildSignedInUser, buildTrader } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';

const USDT = 3n;
let failNext = false;
let server: TestServer;

/** A money-moving call as later features will have: spends `number` USDT as a fee. */
const spendRoute = async (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/probe/spend',
    { config: { auth: 'user', idempotent: true }, schema: { body: z.object({ number: zPositiveAmount }) } },
    async (request) => {
      if (failNext) {
        failNext = false;
        throw new Error('disk on fire');
      }
      const { txnId } = await postTransaction(server.db, {
        kind: 'fee',
        legs: [
          { account: { userId: request.userId, wallet: 'change', currencyId: USDT }, deltaUnits: -request.body.number },
          { account: { system: 'fees', currencyId: USDT }, deltaUnits: request.body.number },
        ],
      }, server.clock());
      return ok({ txn: txnId.toString() });
    },
  );
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

  it('returns the first answer to a repeat without doing the work again', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const headers = { 'idempotency-key': 'order-7f3a' };
    const first = await server.post('/api/probe/spend', { number: '10' }, { token: user.token, headers });
    const second = await server.post('/api/probe/spend', { number: '10' }, { token: user.token, headers });
    expect(first.type).toBe('ok');
    expect(second).toEqual(first);
    expect(await available(user.id)).toBe('90.00000000');
    await server.expectLedgerSound();
  });

  it('refuses the same key with a different body', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const headers = { 'idempotency-key': 'k-1' };
    await server.post('/api/probe/spend', { number: '10' }, { token: user.token, headers });
    const other = await server.post('/api/probe/spend', { number: '20' }, { token: user.token, headers, lang: 'en' });
    expect(other).toMatchObject({ type: 'error', code: 'idempotency_key_reused' });
    expect(await available(user.id)).toBe('90.00000000');
    await server.expectLedgerSound();
  });

  it('keeps keys apart per user', async () => {
    const a = await buildTrader(server, { funds: [[USDT, '10']] });
    const b = await buildTrader(server, { funds: [[USDT, '10']] });
    const headers = { 'idempotency-key': 'shared-key' };
    expect((await server.post('/api/probe/spend', { number: '1' }, { token: a.token, headers })).type).toBe('ok');
    expect((await server.post('/api/probe/spend', { number: '1' }, { token: b.token, headers })).type).toBe('ok');
    expect([await available(a.id), await available(b.id)]).toEqual(['9.00000000', '9.00000000']);
    await server.expectLedgerSound();
  });

  it('does the work once when the same request races itself', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const headers = { 'idempotency-key': 'race-1' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.post('/api/probe/spend', { number: '5' }, { token: user.token, headers })),
    );
    for (const a of answers) expect(['ok', 'error']).toContain(a.type);
    for (const a of answers.filter((x) => x.type === 'error')) expect(a.code).toBe('idempotency_in_progress');
    expect(await available(user.id)).toBe('95.00000000');
    await server.expectLedgerSound();
  });

  it('stores a refusal as the answer, and frees the key after an internal failure', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '1']] });
    const refused = await server.post('/api/probe/spend', { number: '2' }, { token: user.token, headers: { 'idempotency-key': 'r' } });
    expect(refused).toMatchObject({ type: 'error', code: 'insufficient_balance' });
    failNext = true;
    const crashed = await server.post('/api/probe/spend', { number: '1' }, { token: user.token, headers: { 'idempotency-key': 'c' } });
    expect(crashed).toMatchObject({ type: 'error', code: 'internal' });
    const retried = await server.post('/api/probe/spend', { number: '1' }, { token: user.token, headers: { 'idempotency-key': 'c' } });
    expect(retried.type).toBe('ok');
    expect(await available(user.id)).toBe('0.00000000');
    await server.expectLedgerSound();
  });

  it('refuses a malformed key', async () => {
    const user = await buildSignedInUser(server);
    const answer = await server.post('/api/probe/spend', { number: '1' }, { token: user.token, headers: { 'idempotency-key': 'has space' } });
    expect(answer).toMatchObject({ type: 'error', code: 'idempotency_key_invalid' });
  });
});
