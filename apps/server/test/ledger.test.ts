import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { mustParseUnits } from '@tidemark/core';
import { postTransaction, postTransactions } from '../src/modules/ledger/service';
import { checkLedger } from '../src/modules/ledger/check';
import { Rejection } from '../src/rejection';
import { buildUser, fundWallet } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';

const USDT = 3n;
const BTC = 1n;

describe('ledger', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const balance = async (userId: bigint, currencyId = USDT, wallet = 'change' as const) => {
    const row = await server.db
      .selectFrom('account')
      .select(['available_units', 'frozen_units'])
      .where('user_id', '=', userId)
      .where('currency_id', '=', currencyId)
      .where('wallet', '=', wallet)
      .executeTakeFirst();
    return row ? { available: row.available_units, frozen: row.frozen_units } : undefined;
  };
  const txnCount = async () =>
    (await server.db.selectFrom('ledger_txn').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n;

  it('credits a deposit through the clearing account and proves out', async () => {
    const user = await buildUser(server);
    await fundWallet(server, user.id, USDT, '1000.5');
    expect(await balance(user.id)).toEqual({ available: mustParseUnits('1000.5'), frozen: 0n });
    await server.expectLedgerSound();
  });

  it('moves money between buckets and wallets in one transaction', async () => {
    const user = await buildUser(server);
    await fundWallet(server, user.id, USDT, '100');
    await postTransaction(server.db, {
      kind: 'freeze_and_transfer',
      legs: [
        { account: { userId: user.id, wallet: 'change', currencyId: USDT }, deltaUnits: -mustParseUnits('30') },
        { account: { userId: user.id, wallet: 'change', currencyId: USDT }, bucket: 'frozen', deltaUnits: mustParseUnits('10') },
        { account: { userId: user.id, wallet: 'lever', currencyId: USDT }, deltaUnits: mustParseUnits('20') },
      ],
    }, server.clock());
    expect(await balance(user.id)).toEqual({ available: mustParseUnits('70'), frozen: mustParseUnits('10') });
    expect((await balance(user.id, USDT, 'lever' as never))?.available).toBe(mustParseUnits('20'));
    await server.expectLedgerSound();
  });

  it('refuses to overdraw and changes nothing', async () => {
    const user = await buildUser(server);
    await fundWallet(server, user.id, USDT, '5');
    const before = await txnCount();
    const spend = postTransaction(server.db, {
      kind: 'fee',
      legs: [
        { account: { userId: user.id, wallet: 'change', currencyId: USDT }, deltaUnits: -mustParseUnits('5.00000001') },
        { account: { system: 'fees', currencyId: USDT }, deltaUnits: mustParseUnits('5.00000001') },
      ],
    }, server.clock());
    await expect(spend).rejects.toEqual(new Rejection('insufficient_balance'));
    expect(await balance(user.id)).toEqual({ available: mustParseUnits('5'), frozen: 0n });
    expect(await txnCount()).toBe(before);
    await server.expectLedgerSound();
  });

  it('posts a batch as one database transaction of separate ledger transactions, or nothing', async () => {
    const user = await buildUser(server);
    await fundWallet(server, user.id, USDT, '10');
    // each payment: the user's change wallet to fees, the user's leg logged
    const pay = (payments: [n: number, amount: string][], feesDelta = (units: bigint) => units) => ({
      kind: 'batch_test',
      references: payments.map(([n]) => `batch_test:${user.id}:${n}`),
      legCounts: payments.map(() => 2),
      accounts: [{ userId: user.id, wallet: 'change' as const, currencyId: USDT }, { system: 'fees' as const, currencyId: USDT }],
      legAccounts: payments.flatMap(() => [0, 1]),
      legFrozen: payments.flatMap(() => [0, 0]),
      legDeltaUnits: payments.flatMap(([, amount]) => [-mustParseUnits(amount), feesDelta(mustParseUnits(amount))]),
      log: { category: 'transfer' as const, text: 'transfer_out' as const },
    });
    const txnIds = await postTransactions(server.db, pay([[1, '1'], [2, '2'], [3, '3']]), server.clock());
    expect(new Set(txnIds).size).toBe(3);
    const txns = await server.db.selectFrom('ledger_txn').select(['id', 'reference']).where('id', 'in', txnIds).execute();
    // each id is its own transaction, in the batch's order
    expect(txnIds.map((id) => txns.find((t) => t.id === id)?.reference)).toEqual([1, 2, 3].map((n) => `batch_test:${user.id}:${n}`));
    const entries = await server.db.selectFrom('ledger_entry').select(['txn_id', 'delta_units']).where('txn_id', 'in', txnIds).orderBy('id').execute();
    expect(entries.map((e) => [txnIds.indexOf(e.txn_id), e.delta_units])).toEqual([0, 1, 2].flatMap((t) => [[t, -mustParseUnits(String(t + 1))], [t, mustParseUnits(String(t + 1))]]));
    // the user's legs are logged (available, a user's account), the system's are not
    const logs = await server.db.selectFrom('wallet_log').select(['txn_id', 'value_units']).where('txn_id', 'in', txnIds).orderBy('id').execute();
    expect(logs.map((l) => [txnIds.indexOf(l.txn_id), l.value_units])).toEqual([0, 1, 2].map((t) => [t, -mustParseUnits(String(t + 1))]));
    expect(await balance(user.id)).toEqual({ available: mustParseUnits('4'), frozen: 0n });
    // the sum overdraws: nothing of the batch is written
    const before = await txnCount();
    await expect(postTransactions(server.db, pay([[4, '1'], [5, '3.5']]), server.clock())).rejects.toEqual(new Rejection('insufficient_balance'));
    expect(await txnCount()).toBe(before);
    expect(await balance(user.id)).toEqual({ available: mustParseUnits('4'), frozen: 0n });
    // a batch names each transaction once; each transaction balances on its own legs
    await expect(postTransactions(server.db, pay([[6, '1'], [6, '1']]), server.clock())).rejects.toThrow(/distinct reference/);
    await expect(postTransactions(server.db, pay([[7, '1']], (units) => units + 1n), server.clock())).rejects.toThrow(/unbalanced/);
    expect(await txnCount()).toBe(before);
    await server.expectLedgerSound();
  });

  it('refuses an unbalanced transaction and changes nothing', async () => {
    const user = await buildUser(server);
    const before = await txnCount();
    const gift = postTransaction(server.db, {
      kind: 'gift',
      legs: [
        { account: { userId: user.id, wallet: 'change', currencyId: USDT }, deltaUnits: 100n },
        { account: { system: 'house', currencyId: BTC }, deltaUnits: -100n },
      ],
    }, server.clock());
    await expect(gift).rejects.toThrow(/unbalanced/);
    expect(await balance(user.id)).toBeUndefined();
    expect(await txnCount()).toBe(before);
    await server.expectLedgerSound();
  });

  it('does the work once for a repeated idempotency key', async () => {
    const user = await buildUser(server);
    const credit = () =>
      postTransaction(server.db, {
        kind: 'deposit',
        idempotencyKey: `deposit-approval:${user.id}`,
        legs: [
          { account: { userId: user.id, wallet: 'change', currencyId: BTC }, deltaUnits: mustParseUnits('1') },
          { account: { system: 'deposits', currencyId: BTC }, deltaUnits: -mustParseUnits('1') },
        ],
      }, server.clock());
    const first = await credit();
    const second = await credit();
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ txnId: first.txnId, replayed: true });
    expect((await balance(user.id, BTC))?.available).toBe(mustParseUnits('1'));
    await server.expectLedgerSound();
  });

  it('lets 50 concurrent spends of the whole balance succeed exactly once', async () => {
    const user = await buildUser(server);
    await fundWallet(server, user.id, USDT, '250');
    const spend = () =>
      postTransaction(server.db, {
        kind: 'fee',
        legs: [
          { account: { userId: user.id, wallet: 'change', currencyId: USDT }, deltaUnits: -mustParseUnits('250') },
          { account: { system: 'fees', currencyId: USDT }, deltaUnits: mustParseUnits('250') },
        ],
      }, server.clock());
    const results = await Promise.allSettled(Array.from({ length: 50 }, spend));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toEqual(new Rejection('insufficient_balance'));
    }
    expect(await balance(user.id)).toEqual({ available: 0n, frozen: 0n });
    await server.expectLedgerSound();
  });

  it('has the database itself refuse a negative user balance', async () => {
    const user = await buildUser(server);
    await fundWallet(server, user.id, USDT, '1');
    const sneak = server.db
      .updateTable('account')
      .set({ available_units: -1n })
      .where('user_id', '=', user.id)
      .execute();
    await expect(sneak).rejects.toThrow(/check/i);
  });

  it('finds a balance changed without postings and a transaction that does not balance', async () => {
    const scratch = await startTestServer();
    try {
      const user = await buildUser(scratch);
      await fundWallet(scratch, user.id, USDT, '10');
      expect(await checkLedger(scratch.db)).toEqual([]);
      await scratch.db
        .updateTable('account')
        .set({ available_units: sql`available_units + 1` })
        .where('user_id', '=', user.id)
        .execute();
      const entry = await scratch.db.selectFrom('ledger_entry').select(['id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      await scratch.db.updateTable('ledger_entry').set({ delta_units: sql`delta_units + 7` }).where('id', '=', entry.id).execute();
      const problems = await checkLedger(scratch.db);
      expect(problems.some((p) => /does not balance in currency 3/.test(p))).toBe(true);
      expect(problems.some((p) => /available balance is/.test(p))).toBe(true);
    } finally {
      await scratch.close();
    }
  });
});
