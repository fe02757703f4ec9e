import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mustParseUnits } from '@tidemark/core';
import { CURRENCY_IDS, REVIEW_STATUS } from '@tidemark/protocol';
import { reviewIdentity } from '../src/modules/identity/service';
import { insertUpload } from '../src/modules/upload/queries';
import { hashPassword } from '../src/modules/user/password';
import { approveDeposit, approveWithdrawal, rejectDeposit, rejectWithdrawal, settleWithdrawalOnChain } from '../src/modules/wallet/review';
import { addAddress, requestDeposit, requestWithdrawal } from '../src/modules/wallet/service';
import { buildUser, fundWallet, openDeposits, TRADER_DEFAULTS } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';
import { memoryStrikes } from '../src/modules/guard/strikes';

// Every staff decision goes through the one audit writer: one entry per decision, at the
// decision's time, and none (with nothing else changed) when the decider is not staff.

const USDT = BigInt(CURRENCY_IDS.USDT);
// a decision time apart from any the server makes itself, so the entry's time proves it was passed through
const DECIDED_AT_MS = Date.UTC(2030, 0, 1);
let server: TestServer;
let staffId: bigint;

beforeAll(async () => {
  server = await startTestServer();
  staffId = (await buildUser(server)).id;
  await server.db.updateTable('user').set({ role: 'staff' }).where('id', '=', staffId).execute();
});
afterAll(() => server.close());

const auditOf = (subject: string) =>
  server.db.selectFrom('audit_log').select(['staff_id', 'action', 'detail', 'created_at_ms']).where('subject', '=', subject).execute();

async function deposit(): Promise<bigint> {
  await openDeposits(server);
  const user = await buildUser(server);
  const name = `${user.id.toString().padStart(32, '0')}.png`;
  await insertUpload(server.db, { userId: user.id, name, mime: 'image/png', sizeBytes: 100, createdAtMs: server.clock() });
  return requestDeposit(server.db, { userId: user.id, currencyId: USDT, amountUnits: mustParseUnits('50'), pic: name }, server.clock());
}

async function withdrawal(): Promise<bigint> {
  const user = await buildUser(server);
  await fundWallet(server, user.id, USDT, '100');
  await server.db.updateTable('user').set({ pay_password_hash: await hashPassword('123456') }).where('id', '=', user.id).execute();
  await addAddress(server.db, { userId: user.id, currencyId: USDT, address: TRADER_DEFAULTS.address.address, notes: '', network: 'TRC20' }, server.clock());
  const request = { userId: user.id, currencyId: USDT, amountUnits: mustParseUnits('20'), address: TRADER_DEFAULTS.address.address, payPassword: '123456', strikes: memoryStrikes(), bank: false };
  return requestWithdrawal(server.db, request, server.clock());
}

async function identityInReview(): Promise<bigint> {
  const user = await buildUser(server);
  const upload = async (i: number) => {
    const name = `${user.id.toString().padStart(31, '0')}${i}.png`;
    await insertUpload(server.db, { userId: user.id, name, mime: 'image/png', sizeBytes: 100, createdAtMs: server.clock() });
    return (await server.db.selectFrom('upload').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  };
  const [front, reverse, hand] = [await upload(1), await upload(2), await upload(3)];
  await server.db
    .insertInto('identity')
    .values({
      user_id: user.id,
      name: 'Ada',
      card_id: `CARD${user.id}`,
      front_upload_id: front,
      reverse_upload_id: reverse,
      hand_upload_id: hand,
      submitted_at_ms: BigInt(server.clock()),
      reviewed_at_ms: null,
      reviewed_by: null,
      review_note: null,
    })
    .execute();
  await server.db.updateTable('user').set({ review_status: BigInt(REVIEW_STATUS.inReview) }).where('id', '=', user.id).execute();
  return user.id;
}

describe('the audit writer', () => {
  const decisions: Array<[string, () => Promise<{ subject: string; decide: (by: bigint) => Promise<void> }>]> = [
    ['deposit.approve', async () => { const id = await deposit(); return { subject: `deposit:${id}`, decide: async (by) => { await approveDeposit(server.db, by, id, DECIDED_AT_MS); } }; }],
    ['deposit.reject', async () => { const id = await deposit(); return { subject: `deposit:${id}`, decide: (by) => rejectDeposit(server.db, by, id, DECIDED_AT_MS) }; }],
    ['withdrawal.approve', async () => { const id = await withdrawal(); return { subject: `withdrawal:${id}`, decide: async (by) => { await approveWithdrawal(server.db, by, id, DECIDED_AT_MS); } }; }],
    ['withdrawal.reject', async () => { const id = await withdrawal(); return { subject: `withdrawal:${id}`, decide: (by) => rejectWithdrawal(server.db, by, id, DECIDED_AT_MS) }; }],
    [
      'withdrawal.chain_success',
      async () => {
        const id = await withdrawal();
        await approveWithdrawal(server.db, staffId, id, server.clock());
        return { subject: `withdrawal:${id}`, decide: (by) => settleWithdrawalOnChain(server.db, by, id, { ok: true, hash: '0xabc' }, DECIDED_AT_MS) };
      },
    ],
    ['identity.approve', async () => { const userId = await identityInReview(); return { subject: `user:${userId}`, decide: (by) => reviewIdentity(server.db, { staffId: by, userId, approve: true }, DECIDED_AT_MS) }; }],
    ['identity.reject', async () => { const userId = await identityInReview(); return { subject: `user:${userId}`, decide: (by) => reviewIdentity(server.db, { staffId: by, userId, approve: false, note: 'blurry' }, DECIDED_AT_MS) }; }],
  ];

  it.each(decisions)('writes one entry for %s, at the decision time', async (action, prepare) => {
    const { subject, decide } = await prepare();
    const before = (await auditOf(subject)).length;
    await decide(staffId);
    const entries = (await auditOf(subject)).slice(before);
    expect(entries).toEqual([{ staff_id: staffId, action, detail: expect.any(String), created_at_ms: BigInt(DECIDED_AT_MS) }]);
    await server.expectLedgerSound();
  });

  it.each(decisions)('refuses %s by someone who is not staff, and changes nothing', async (_action, prepare) => {
    const { subject, decide } = await prepare();
    const trader = await buildUser(server);
    const entriesBefore = await auditOf(subject);
    const txnsBefore = await server.db.selectFrom('ledger_txn').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    await expect(decide(trader.id)).rejects.toThrow(/needs a staff account/);
    expect(await auditOf(subject)).toEqual(entriesBefore);
    const txnsAfter = await server.db.selectFrom('ledger_txn').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    expect(BigInt(txnsAfter.n)).toBe(BigInt(txnsBefore.n));
    // the decision itself rolled back with it: staff can still make it
    await decide(staffId);
    await server.expectLedgerSound();
  });
});
