import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from '@tidemark/core';
import { calls, CURRENCY_IDS, limits, type CallSpec } from '@tidemark/protocol';
import { createSession } from '../src/modules/session/service';
import { buildSignedInUser, buildStaff, buildTrader, openDeposits, type SignedInUser } from '../src/testing/factories';
import { startTestServer, type Answer, type Form, type Ok, type TestServer } from './harness';

// The two-person rule against one admin: every currency has a two-approval amount (the
// equivalent of 1,000 USDT unless staff set another), and from it on a withdrawal or a deposit
// credit needs a second approval by someone who is not the first approver, was staff before the
// request was made, and was not created or re-enrolled by the first approver in the last 7 days.

const USDT = CURRENCY_IDS.USDT;
const MINUTE = 60_000;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
let server: TestServer;
let clock: ManualClock;
let admin: SignedInUser;
let first: SignedInUser;
let second: SignedInUser;

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 11, 1, 12));
  server = await startTestServer({ market: { clock, flushMs: 3_600_000, feed: () => ({ start: async () => {}, stop: async () => {} }) } });
  await openDeposits(server);
  admin = await buildStaff(server, { role: 'admin' });
  first = await buildStaff(server, { role: 'reviewer' });
  second = await buildStaff(server, { role: 'reviewer' });
  clock.advance(MINUTE);
});
afterAll(() => server.close());

let keySeq = 0;
/** A console call as the staff member, in a session opened now (the clock jumps past session limits). */
async function as<C extends CallSpec>(staffId: bigint, call: C, form: Form<C>): Promise<Answer<C>> {
  const token = await createSession(server.db, staffId, clock(), 'staff');
  return server.attempt(call, form, { token, lang: 'en', headers: { 'idempotency-key': `dual-${keySeq++}` } });
}
/** A read of the console's as the admin. */
async function read<C extends CallSpec>(call: C, query: Form<C> = {}): Promise<Ok<C>> {
  return server.call(call, query, { token: await createSession(server.db, admin.id, clock(), 'staff') });
}

/** The trader's spot USDT, read in a session opened now. */
const spotUsdt = async (trader: SignedInUser) => {
  const list = await server.call(calls.walletList, {}, { token: await createSession(server.db, trader.id, clock()) });
  const row = list.message.change_wallet.balance.find((b) => b.currency === USDT)!;
  return { available: row.change_balance, frozen: row.lock_change_balance };
};

/** A staff member the admin adds through the console (audited `staff.create` by the admin). */
async function createdByAdmin(): Promise<bigint> {
  const email = `added-${keySeq++}@example.test`;
  expect(await as(admin.id, calls.adminStaffCreate, { email, role: 'reviewer' })).toMatchObject({ type: 'ok' });
  const list = await read(calls.adminStaffList);
  return BigInt(list.message.find((s) => s.email === email)!.id);
}

describe('the two-approval amount', () => {
  it('is the equivalent of 1,000 USDT for every currency by default, at the seeded reference prices', async () => {
    const { message } = await read(calls.adminMarkets);
    const currencies = await server.db.selectFrom('currency').select('id').execute();
    expect(message.dual_approvals).toHaveLength(currencies.length);
    for (const row of message.dual_approvals) expect(Number(row.amount)).toBeGreaterThan(0);
    const byName = Object.fromEntries(message.dual_approvals.map((r: { currency_name: string; amount: string }) => [r.currency_name, r.amount]));
    // 1,000 / 67,000 and 1,000 / 3,500, cut to 1e-8
    expect(byName).toMatchObject({ USDT: '1000', BTC: '0.01492537', ETH: '0.28571428' });
  });

  it('is changed by admins in the console, audited with before and after; never to 0', async () => {
    const save = calls.adminDualApprovalSave;
    expect(await as(first.id, save, { currency_id: String(USDT), amount: '5' })).toMatchObject({ code: 'staff_forbidden' });
    expect(await as(admin.id, save, { currency_id: String(USDT), amount: '0' })).toMatchObject({ code: 'setting_invalid' });
    expect(await as(admin.id, save, { currency_id: '999', amount: '5' })).toMatchObject({ code: 'currency_not_found' });
    expect(await as(admin.id, save, { currency_id: String(USDT), amount: '2500' })).toMatchObject({ type: 'ok' });
    const usdt = (await read(calls.adminMarkets)).message.dual_approvals.find((r) => r.currency_id === USDT);
    expect(usdt!.amount).toBe('2500');
    const audit = await read(calls.adminAudit, { action: 'settings.dual_approval' });
    expect(audit.message.data[0]).toMatchObject({ staff_id: admin.id.toString(), subject: `currency:${USDT}` });
    expect(JSON.parse(audit.message.data[0]!.detail)).toMatchObject({ before: { amount: '1000' }, after: { amount: '2500' } });
    expect(await as(admin.id, save, { currency_id: String(USDT), amount: '1000' })).toMatchObject({ type: 'ok' });
  });
});

interface Kind {
  /** a trader's request of `amount` USDT, as the queue shows it */
  file: (amount: string) => Promise<{ trader: SignedInUser; row: Record<string, unknown> & { id: string } }>;
  approve: typeof calls.adminWithdrawalApprove | typeof calls.adminDepositCredit;
  queue: typeof calls.adminWithdrawals | typeof calls.adminDeposits;
  done: string;
  /** the trader's spot USDT before and after the money moves, for a request of 3,000 */
  unpaid: { available: string; frozen: string };
  paid: { available: string; frozen: string };
}

const KINDS: Array<[string, Kind]> = [
  [
    'withdrawal',
    {
      file: async (amount) => {
        const trader = await buildTrader(server, { funds: [[BigInt(USDT), '5000']] });
        const form = { currency: String(USDT), number: amount, address: trader.address.address, pay_password: trader.fundPassword };
        await server.call(calls.walletOut, form, { token: trader.token, headers: { 'idempotency-key': `out-${trader.id}` } });
        return { trader, row: (await read(calls.adminWithdrawals, { user: trader.email })).message.data[0]! };
      },
      approve: calls.adminWithdrawalApprove,
      queue: calls.adminWithdrawals,
      done: 'agreed',
      unpaid: { available: '2000.00000000', frozen: '3000.00000000' },
      paid: { available: '2000.00000000', frozen: '0.00000000' },
    },
  ],
  [
    'deposit',
    {
      file: async (amount) => {
        const trader = await buildSignedInUser(server);
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'proof.png');
        const upload = await fetch(new URL(calls.upload.path, server.url), { method: 'POST', headers: { authorization: `Bearer ${trader.token}` }, body: form });
        const pic = ((await upload.json()) as Answer<typeof calls.upload>).message;
        await server.call(calls.walletChargeReq, { currency: String(USDT), amount, pic }, { token: trader.token, headers: { 'idempotency-key': `dep-${trader.id}` } });
        return { trader, row: (await read(calls.adminDeposits, { user: trader.email })).message.data[0]! };
      },
      approve: calls.adminDepositCredit,
      queue: calls.adminDeposits,
      done: 'credited',
      unpaid: { available: '0.00000000', frozen: '0.00000000' },
      paid: { available: '3000.00000000', frozen: '0.00000000' },
    },
  ],
];

describe.each(KINDS)('a %s from the two-approval amount on', (kind, k) => {
  const subjectOf = (id: string) => `${kind}:${id}`;
  const rowOf = async (trader: SignedInUser) => (await read(k.queue, { user: trader.email })).message.data[0];

  it('is not paid on the first approval alone, and the first approver cannot give the second', async () => {
    const { trader, row } = await k.file('3000');
    expect(row).toMatchObject({ needs_two: true, dual_approval: '1000.00000000', first_approved_by: null, first_approved_email: null });
    clock.advance(MINUTE);
    expect(await as(first.id, k.approve, { id: row.id })).toEqual({ type: 'ok', message: 'first' });
    expect(await rowOf(trader)).toMatchObject({ first_approved_by: first.id.toString(), first_approved_email: first.email, first_approved_ms: clock() });
    expect(await as(first.id, k.approve, { id: row.id })).toMatchObject({ code: 'second_approver_required', message: expect.stringContaining('another staff member') });
    expect(await spotUsdt(trader)).toEqual(k.unpaid);
    await server.expectLedgerSound();
  });

  it('refuses a second approver who became staff after the request was made', async () => {
    const { trader, row } = await k.file('3000');
    await as(first.id, k.approve, { id: row.id });
    clock.advance(MINUTE);
    const newcomer = await buildStaff(server, { role: 'reviewer' });
    expect(await as(newcomer.id, k.approve, { id: row.id })).toMatchObject({ code: 'second_approver_too_new', message: expect.stringContaining('created after this request') });
    expect(await spotUsdt(trader)).toEqual(k.unpaid);
  });

  it('refuses, for 7 days, a second approver the first approver created or re-enrolled', async () => {
    const created = await createdByAdmin();
    const reset = (await buildStaff(server, { role: 'reviewer' })).id;
    clock.advance(MINUTE);
    expect(await as(admin.id, calls.adminStaffResetTotp, { id: reset.toString() })).toMatchObject({ type: 'ok' });
    clock.advance(MINUTE);
    const { trader, row } = await k.file('3000');
    expect(await as(admin.id, k.approve, { id: row.id })).toEqual({ type: 'ok', message: 'first' });
    for (const staffId of [created, reset]) {
      expect(await as(staffId, k.approve, { id: row.id })).toMatchObject({ code: 'second_approver_enrolled', message: expect.stringContaining('last 7 days') });
    }
    expect(await spotUsdt(trader)).toEqual(k.unpaid);
    // once the window has passed the enrolment no longer stands in the way
    clock.advance(limits.secondApproverEnrolmentWindowMs);
    expect(await as(created, k.approve, { id: row.id })).toEqual({ type: 'ok', message: k.done });
    expect(await spotUsdt(trader)).toEqual(k.paid);
    await server.expectLedgerSound();
  });

  it('is paid once a proper second staff member approves, audited with the first', async () => {
    const { trader, row } = await k.file('3000');
    await as(first.id, k.approve, { id: row.id });
    clock.advance(MINUTE);
    const answers = await Promise.all([second, admin].map((s) => as(s.id, k.approve, { id: row.id })));
    expect(answers.map((a) => a.type).sort()).toEqual(['error', 'ok']);
    expect(await spotUsdt(trader)).toEqual(k.paid);
    const audit = (await read(calls.adminAudit, { action: kind })).message.data.filter((e) => e.subject === subjectOf(row.id));
    expect(audit.map((e) => e.action)).toEqual([`${kind}.approve`, `${kind}.first_approve`]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ first_approved_by: first.id.toString() });
    await server.expectLedgerSound();
  });

  it('needs one approval below the amount', async () => {
    const { trader, row } = await k.file('999.99999999');
    expect(row).toMatchObject({ needs_two: false });
    expect(await as(first.id, k.approve, { id: row.id })).toEqual({ type: 'ok', message: k.done });
    expect((await spotUsdt(trader)).frozen).toBe('0.00000000');
    await server.expectLedgerSound();
  });
});
