import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { calls, CURRENCY_IDS, REVIEW_STATUS } from '@tidemark/protocol';
import { mustParseUnits } from '@tidemark/core';
import { bootstrapAccounts } from '../src/modules/bootstrap/service';
import { buildSignedInUser, buildStaff, buildTrader, openDeposits, type SignedInUser } from '../src/testing/factories';
import { startTestServer, type Answer, type CallOptions, type Form, type TestServer } from './harness';

// The staff console through real HTTP: sign-in with a password and a TOTP code, session kinds,
// roles, and every review decision with its refusals, each ending with the ledger check.

const USDT = BigInt(CURRENCY_IDS.USDT);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const ADMIN = { email: 'root@example.test', password: 'Admin-pass-1' };
let server: TestServer;
let admin: SignedInUser;
let reviewer: SignedInUser;
let viewer: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  await openDeposits(server);
  admin = await buildStaff(server, { role: 'admin' });
  reviewer = await buildStaff(server, { role: 'reviewer' });
  viewer = await buildStaff(server, { role: 'viewer' });
});
afterAll(() => server.close());

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
let keySeq = 0;
/** A console call's options: the staff session, and a key of its own (review decisions move money). */
const staff = (token: string): CallOptions => ({ token, headers: { 'idempotency-key': `admin-test-${Date.now()}-${keySeq++}` } });

describe('staff sign-in', () => {
  it('creates the first administrator from ADMIN_EMAIL, who sets up TOTP on first sign-in', async () => {
    const row = await server.db
      .selectFrom('user')
      .innerJoin('staff', 'staff.user_id', 'user.id')
      .select(['user.role', 'staff.staff_role'])
      .where('user.email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'staff', staff_role: 'admin' });

    const first = await server.call(calls.adminLogin, ADMIN);
    expect(first).toMatchObject({ type: 'ok', message: { ticket: expect.any(String), setup: { secret: expect.any(String) } } });
    expect(first.message.setup!.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);

    // a wrong code ends the ticket: the next try needs the password again
    expect(await server.refused(calls.adminLoginTotp, { ticket: first.message.ticket, code: '000000' })).toMatchObject({ code: 'totp_code_wrong' });
    const secret = first.message.setup!.secret;
    const late = await codeAt(secret, server.clock());
    expect(await server.refused(calls.adminLoginTotp, { ticket: first.message.ticket, code: late })).toMatchObject({ code: 'totp_ticket_invalid' });

    // each password step replaces the unconfirmed secret; its first good code confirms it
    const second = await server.call(calls.adminLogin, ADMIN);
    const newSecret = second.message.setup!.secret;
    expect(newSecret).not.toBe(secret);
    const code = await codeAt(newSecret, server.clock());
    const signedIn = await server.call(calls.adminLoginTotp, { ticket: second.message.ticket, code });
    expect(signedIn).toMatchObject({ type: 'ok', message: expect.any(String) });
    const token = signedIn.message;
    expect(await server.call(calls.adminMe, {}, { token })).toMatchObject({ type: 'ok', message: { email: ADMIN.email, role: 'admin' } });

    // confirmed now: no new secret, and the code just used is refused (replay guard)
    const third = await server.call(calls.adminLogin, ADMIN);
    expect(third.message.setup).toBeNull();
    expect(await server.refused(calls.adminLoginTotp, { ticket: third.message.ticket, code })).toMatchObject({ code: 'totp_code_wrong' });

    // signing out ends the staff session
    await server.call(calls.adminLogout, {}, { token });
    expect(await server.refused(calls.adminMe, {}, { token })).toMatchObject({ type: '999' });
  });

  it('creates no administrator on a later start while staff exist, and none without both settings', async () => {
    const staffCount = async (db: TestServer['db']) => (await db.selectFrom('staff').select('user_id').execute()).length;
    const before = await staffCount(server.db);
    const later = { ...server.config, adminEmail: 'other@example.test', adminPassword: 'Other-pass-1' };
    await bootstrapAccounts(server.db, later, server.app.log, server.clock);
    expect(await staffCount(server.db)).toBe(before);
    expect(await server.db.selectFrom('user').select('id').where('email', '=', 'other@example.test').execute()).toEqual([]);

    const bare = await startTestServer({ env: { ADMIN_EMAIL: 'lonely@example.test' } });
    try {
      expect(await staffCount(bare.db)).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it('refuses a wrong password alike for a known and an unknown e-mail, and a trader at the console', async () => {
    const trader = await buildSignedInUser(server);
    for (const form of [{ ...ADMIN, password: 'wrong-pass-1' }, { email: 'nobody@example.test', password: 'x' }, { email: trader.email, password: trader.password }]) {
      expect(await server.refused(calls.adminLogin, form)).toMatchObject({ type: 'error', code: 'login_failed' });
    }
  });

  it('keeps the two kinds of session apart', async () => {
    const trader = await buildSignedInUser(server);
    expect(await server.refused(calls.adminMe, {}, { token: trader.token })).toMatchObject({ type: '999' });
    expect(await server.refused(calls.adminDeposits, {}, { token: trader.token })).toMatchObject({ type: '999' });
    expect(await server.refused(calls.userInfo, {}, { token: admin.token })).toMatchObject({ type: '999' });
    // a staff account cannot sign in as a trader
    expect(await server.refused(calls.userLogin, { user_string: ADMIN.email, password: ADMIN.password })).toMatchObject({ code: 'login_failed' });
    // nor does a ticket between password and code open anything
    const step = await server.call(calls.adminLogin, ADMIN);
    expect(await server.refused(calls.adminMe, {}, { token: step.message.ticket })).toMatchObject({ type: '999' });
  });

  it('refuses what a role may not do', async () => {
    expect(await server.refused(calls.adminAudit, {}, { token: reviewer.token })).toMatchObject({ type: 'error', code: 'staff_forbidden' });
    await server.call(calls.adminAudit, {}, { token: admin.token });
    await server.call(calls.adminDeposits, {}, { token: viewer.token });
    expect(await server.refused(calls.adminDepositCredit, { id: '1' }, staff(viewer.token))).toMatchObject({ code: 'staff_forbidden' });
  });
});

/** Uploads the PNG, with `tag` after its end when given: the three identity photos must differ. */
async function uploadAs(token: string, tag = ''): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.concat([PNG, Buffer.from(tag)]))], { type: 'image/png' }), 'proof.png');
  const answer = await fetch(new URL(calls.upload.path, server.url), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return ((await answer.json()) as Answer<typeof calls.upload>).message;
}

const spotUsdt = async (token: string) => {
  const list = await server.call(calls.walletList, {}, { token });
  const row = list.message.change_wallet.balance.find((b) => b.currency === Number(USDT))!;
  return { available: row.change_balance, frozen: row.lock_change_balance };
};

describe('the deposit queue', () => {
  async function applied(amount = '250') {
    const trader = await buildSignedInUser(server);
    const pic = await uploadAs(trader.token);
    await server.call(calls.walletChargeReq, { currency: '3', amount, pic }, { token: trader.token, headers: { 'idempotency-key': `dep-${trader.id}` } });
    const queue = await server.call(calls.adminDeposits, { status: 'pending', user: trader.email }, { token: reviewer.token });
    expect(queue.message).toMatchObject({ total: 1, current_page: 1 });
    return { trader, row: queue.message.data[0]! };
  }

  it('shows the screenshot and credits the amount once, audited', async () => {
    const { trader, row } = await applied();
    expect(row).toMatchObject({ amount: '250.00000000', currency_name: 'USDT', status: 'pending', pic: expect.stringMatching(/^\/api\/admin\/upload\//) });
    const image = await fetch(`${server.url}${row.pic}`, { headers: { authorization: `Bearer ${viewer.token}` } });
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect(await server.refused(calls.adminUploadRead, {}, { token: trader.token, params: { name: row.pic.split('/').pop()! } })).toMatchObject({ type: '999' });

    await server.call(calls.adminDepositCredit, { id: row.id }, staff(reviewer.token));
    expect(await server.refused(calls.adminDepositCredit, { id: row.id }, staff(reviewer.token))).toMatchObject({ code: 'not_pending' });
    expect(await server.refused(calls.adminDepositReject, { id: row.id, reason: 'late' }, staff(reviewer.token))).toMatchObject({ code: 'not_pending' });
    expect((await spotUsdt(trader.token)).available).toBe('250.00000000');
    const audit = await server.call(calls.adminAudit, { action: 'deposit', staff: reviewer.email }, { token: admin.token });
    expect(audit.message.data[0]).toMatchObject({ action: 'deposit.approve', subject: `deposit:${row.id}`, staff_email: reviewer.email });
    expect(JSON.parse(audit.message.data[0]!.detail)).toMatchObject({ before: { status: 'pending' }, after: { status: 'credited' } });
    await server.expectLedgerSound();
  });

  it('credits once when two reviewers race', async () => {
    const { trader, row } = await applied('40');
    const other = await buildStaff(server, { role: 'reviewer' });
    const answers = await Promise.all([reviewer, other].map((s) => server.attempt(calls.adminDepositCredit, { id: row.id }, staff(s.token))));
    expect(answers.map((a) => a.type).sort()).toEqual(['error', 'ok']);
    expect((await spotUsdt(trader.token)).available).toBe('40.00000000');
    await server.expectLedgerSound();
  });

  it('rejects with a reason, and refuses a rejection without one', async () => {
    const { trader, row } = await applied('10');
    expect(await server.refused(calls.adminDepositReject, { id: row.id, reason: ' ' }, staff(reviewer.token))).toMatchObject({ code: 'review_reason_required' });
    await server.call(calls.adminDepositReject, { id: row.id, reason: 'Screenshot unreadable' }, staff(reviewer.token));
    const after = await server.call(calls.adminDeposits, { user: trader.id.toString() }, { token: viewer.token });
    expect(after.message.data[0]).toMatchObject({ status: 'rejected', review_note: 'Screenshot unreadable', reviewed_by: reviewer.id.toString() });
    expect((await spotUsdt(trader.token)).available).toBe('0.00000000');
    expect(await server.refused(calls.adminDepositCredit, { id: row.id }, staff(reviewer.token))).toMatchObject({ code: 'not_pending' });
    await server.expectLedgerSound();
  });
});

describe('the withdrawal queue', () => {
  async function requested(amount = '100') {
    const trader = await buildTrader(server, { funds: [[USDT, '1000']] });
    await server.call(
      calls.walletOut,
      { currency: '3', number: amount, address: trader.address.address, pay_password: trader.fundPassword },
      { token: trader.token, headers: { 'idempotency-key': `out-${trader.id}-${amount}` } },
    );
    const queue = await server.call(calls.adminWithdrawals, { user: trader.email }, { token: reviewer.token });
    return { trader, row: queue.message.data[0]! };
  }

  it('approves to agreed, then chain success with the hash, paid exactly once', async () => {
    const { trader, row } = await requested();
    expect(row).toMatchObject({ status: 'applying', amount: '100.00000000', needs_two: false });
    expect(await server.call(calls.adminWithdrawalApprove, { id: row.id }, staff(reviewer.token))).toEqual({ type: 'ok', message: 'agreed' });
    expect(await server.refused(calls.adminWithdrawalApprove, { id: row.id }, staff(reviewer.token))).toMatchObject({ code: 'not_pending' });
    expect(await server.refused(calls.adminWithdrawalReject, { id: row.id, reason: 'x' }, staff(reviewer.token))).toMatchObject({ code: 'not_pending' });
    expect(await spotUsdt(trader.token)).toEqual({ available: '900.00000000', frozen: '0.00000000' });
    expect(await server.refused(calls.adminWithdrawalChain, { id: row.id, outcome: 'success' }, staff(reviewer.token))).toMatchObject({ code: 'tx_hash_required' });
    await server.call(calls.adminWithdrawalChain, { id: row.id, outcome: 'success', hash: '0xabc123' }, staff(reviewer.token));
    expect(await server.refused(calls.adminWithdrawalChain, { id: row.id, outcome: 'failure' }, staff(reviewer.token))).toMatchObject({ code: 'not_pending' });
    const list = await server.call(calls.walletWithdrawList, {}, { token: trader.token });
    expect(list.message.list[0]).toMatchObject({ status_name: 'chain_success', hash: '0xabc123' });
    expect(await spotUsdt(trader.token)).toEqual({ available: '900.00000000', frozen: '0.00000000' });
    await server.expectLedgerSound();
  });

  it('returns the money on rejection and on chain failure, once', async () => {
    const rejected = await requested('50');
    await server.call(calls.adminWithdrawalReject, { id: rejected.row.id, reason: 'Address on a sanctions list' }, staff(reviewer.token));
    expect(await spotUsdt(rejected.trader.token)).toEqual({ available: '1000.00000000', frozen: '0.00000000' });

    const failed = await requested('60');
    await server.call(calls.adminWithdrawalApprove, { id: failed.row.id }, staff(reviewer.token));
    const twice = await Promise.all([1, 2].map(() => server.attempt(calls.adminWithdrawalChain, { id: failed.row.id, outcome: 'failure' }, staff(reviewer.token))));
    expect(twice.map((a) => a.type).sort()).toEqual(['error', 'ok']);
    expect(await spotUsdt(failed.trader.token)).toEqual({ available: '1000.00000000', frozen: '0.00000000' });
    await server.expectLedgerSound();
  });

  it('pays once when two approvals race', async () => {
    const { trader, row } = await requested('70');
    const other = await buildStaff(server, { role: 'reviewer' });
    const answers = await Promise.all([reviewer, other].map((s) => server.attempt(calls.adminWithdrawalApprove, { id: row.id }, staff(s.token))));
    expect(answers.map((a) => a.type).sort()).toEqual(['error', 'ok']);
    expect(await spotUsdt(trader.token)).toEqual({ available: '930.00000000', frozen: '0.00000000' });
    await server.expectLedgerSound();
  });

  it('needs a second, different approver from the currency’s two-approval amount on', async () => {
    await server.db.updateTable('currency').set({ dual_approval_units: mustParseUnits('500') }).where('id', '=', USDT).execute();
    try {
      const { trader, row } = await requested('600');
      expect(row.needs_two).toBe(true);
      expect(await server.call(calls.adminWithdrawalApprove, { id: row.id }, staff(reviewer.token))).toEqual({ type: 'ok', message: 'first' });
      expect(await server.refused(calls.adminWithdrawalApprove, { id: row.id }, staff(reviewer.token))).toMatchObject({ code: 'second_approver_required' });
      expect(await spotUsdt(trader.token)).toEqual({ available: '400.00000000', frozen: '600.00000000' });
      expect(await server.call(calls.adminWithdrawalApprove, { id: row.id }, staff(admin.token))).toEqual({ type: 'ok', message: 'agreed' });
      expect(await spotUsdt(trader.token)).toEqual({ available: '400.00000000', frozen: '0.00000000' });
      const actions = await server.call(calls.adminAudit, { action: 'withdrawal' }, { token: admin.token });
      const mine = actions.message.data.filter((a) => a.subject === `withdrawal:${row.id}`).map((a) => a.action);
      expect(mine).toEqual(['withdrawal.approve', 'withdrawal.first_approve']);
      // below the amount one approval pays
      const small = await requested('100');
      expect(await server.call(calls.adminWithdrawalApprove, { id: small.row.id }, staff(reviewer.token))).toEqual({ type: 'ok', message: 'agreed' });
    } finally {
      await server.db.updateTable('currency').set({ dual_approval_units: mustParseUnits('1000') }).where('id', '=', USDT).execute();
    }
    await server.expectLedgerSound();
  });
});

describe('the identity queue', () => {
  async function submit(trader: SignedInUser, cardId: string) {
    const [front_pic, reverse_pic, hand_pic] = [await uploadAs(trader.token, 'front'), await uploadAs(trader.token, 'reverse'), await uploadAs(trader.token, 'hand')];
    return server.call(calls.userRealName, { name: 'Ada Lovelace', card_id: cardId, front_pic: front_pic!, reverse_pic: reverse_pic!, hand_pic: hand_pic! }, { token: trader.token });
  }

  it('shows the three images; rejected with a reason, resubmitted, then approved', async () => {
    const trader = await buildSignedInUser(server);
    const cardId = `ID${trader.id}X`;
    await submit(trader, cardId);
    const queue = await server.call(calls.adminIdentities, { status: 'in_review', user: trader.email }, { token: reviewer.token });
    const row = queue.message.data[0]!;
    expect(row).toMatchObject({ user_id: trader.id.toString(), card_id: cardId, status: 'in_review' });
    for (const pic of [row.front_pic, row.reverse_pic, row.hand_pic]) {
      expect((await fetch(`${server.url}${pic}`, { headers: { authorization: `Bearer ${reviewer.token}` } })).headers.get('content-type')).toBe('image/png');
    }
    expect(await server.refused(calls.adminIdentityReject, { user_id: row.user_id, reason: '' }, staff(reviewer.token))).toMatchObject({ code: 'review_reason_required' });
    await server.call(calls.adminIdentityReject, { user_id: row.user_id, reason: 'Photo blurred' }, staff(reviewer.token));
    expect(await server.refused(calls.adminIdentityApprove, { user_id: row.user_id }, staff(reviewer.token))).toMatchObject({ code: 'identity_not_in_review' });
    expect((await server.call(calls.userCenter, {}, { token: trader.token })).message).toEqual({ review_status: REVIEW_STATUS.rejected, review_note: 'Photo blurred' });

    await submit(trader, cardId);
    await server.call(calls.adminIdentityApprove, { user_id: row.user_id }, staff(reviewer.token));
    expect((await server.call(calls.userCenter, {}, { token: trader.token })).message.review_status).toBe(REVIEW_STATUS.verified);
    const done = await server.call(calls.adminIdentities, { status: 'verified', user: trader.id.toString() }, { token: viewer.token });
    expect(done.message.data[0]).toMatchObject({ status: 'verified', reviewed_by: reviewer.id.toString() });
    expect(await server.refused(calls.adminIdentityApprove, { user_id: row.user_id }, staff(viewer.token))).toMatchObject({ code: 'staff_forbidden' });
  });
});

describe('risk and health', () => {
  it('shows every pair with its open exposure and the feed, and runs the checks on demand for admins', async () => {
    const risk = await server.call(calls.adminRisk, {}, { token: viewer.token });
    expect(risk.message.pairs.length).toBeGreaterThan(0);
    expect(risk.message.pairs[0]).toMatchObject({ symbol: expect.stringContaining('/'), lever_net: expect.any(String), micro_up: expect.any(String) });

    expect(await server.refused(calls.adminLedgerCheck, {}, staff(reviewer.token))).toMatchObject({ code: 'staff_forbidden' });
    expect(await server.call(calls.adminLedgerCheck, {}, staff(admin.token))).toEqual({ type: 'ok', message: { ok: true, problems: [] } });
    expect(await server.call(calls.adminMicroCheck, {}, staff(admin.token))).toMatchObject({ type: 'ok', message: { ok: true, breaks: [] } });
    expect(await server.call(calls.adminOutbox, {}, { token: admin.token })).toMatchObject({ type: 'ok', message: { current_page: 1 } });
  });
});

describe('traders', () => {
  it('finds a trader by id or part of the e-mail, with balances, sessions and wallet log', async () => {
    const trader = await buildTrader(server, { funds: [[USDT, '123']] });
    const byPart = await server.call(calls.adminUsers, { q: trader.email.slice(0, 14).toUpperCase() }, { token: viewer.token });
    expect(byPart.message.data.map((u) => u.id)).toContain(trader.id.toString());
    const byId = await server.call(calls.adminUsers, { q: trader.id.toString() }, { token: viewer.token });
    expect(byId.message).toMatchObject({ total: 1, data: [{ email: trader.email, login_locked: false }] });
    // a literal % finds nothing rather than everyone
    expect((await server.call(calls.adminUsers, { q: '%' }, { token: viewer.token })).message.total).toBe(0);

    const detail = await server.call(calls.adminUser, { id: trader.id.toString() }, { token: viewer.token });
    expect(detail.message.wallets).toContainEqual({ currency_name: 'USDT', wallet: 'change', available: '123.00000000', frozen: '0.00000000' });
    expect(detail.message.sessions).toHaveLength(1);
    expect(await server.refused(calls.adminUser, { id: admin.id.toString() }, { token: viewer.token })).toMatchObject({ code: 'not_found' });
  });

  it('locks sign-in (ending every session) and withdrawals, audited, for admins only', async () => {
    const trader = await buildTrader(server, { funds: [[USDT, '500']] });
    const lock = (token: string, form: Form<typeof calls.adminUserLock>) => server.attempt(calls.adminUserLock, { id: trader.id.toString(), ...form }, staff(token));
    expect(await lock(reviewer.token, { lock: 'login', on: '1' })).toMatchObject({ code: 'staff_forbidden' });

    expect(await lock(admin.token, { lock: 'withdraw', on: '1' })).toMatchObject({ type: 'ok' });
    const out = () =>
      server.attempt(
        calls.walletOut,
        { currency: '3', number: '10', address: trader.address.address, pay_password: trader.fundPassword },
        { token: trader.token, headers: { 'idempotency-key': `lock-${Date.now()}-${keySeq++}` } },
      );
    expect(await out()).toMatchObject({ code: 'withdraw_locked' });
    expect(await spotUsdt(trader.token)).toEqual({ available: '500.00000000', frozen: '0.00000000' });
    await lock(admin.token, { lock: 'withdraw', on: '0' });
    expect((await out()).type).toBe('ok');

    expect(await lock(admin.token, { lock: 'login', on: '1' })).toMatchObject({ type: 'ok' });
    expect(await server.refused(calls.userInfo, {}, { token: trader.token })).toMatchObject({ type: '999' });
    expect(await server.refused(calls.userLogin, { user_string: trader.email, password: trader.password })).toMatchObject({ code: 'account_locked' });
    expect(await server.refused(calls.userLogin, { user_string: trader.email, password: 'wrong-pass-1' })).toMatchObject({ code: 'login_failed' });
    await lock(admin.token, { lock: 'login', on: '0' });
    await server.call(calls.userLogin, { user_string: trader.email, password: trader.password });

    const audit = await server.call(calls.adminAudit, { action: 'user' }, { token: admin.token });
    const mine = audit.message.data.filter((a) => a.subject === `user:${trader.id}`).map((a) => a.action);
    expect(mine).toEqual(['user.unlock_login', 'user.lock_login', 'user.unlock_withdraw', 'user.lock_withdraw']);
    await server.expectLedgerSound();
  });
});

describe('staff accounts', () => {
  it('lets an admin add staff, change a role and reset a lost TOTP, and nobody else', async () => {
    const email = `new-staff-${Date.now()}@example.test`;
    const form = { email, role: 'viewer' };
    expect(await server.refused(calls.adminStaffCreate, form, staff(reviewer.token))).toMatchObject({ code: 'staff_forbidden' });
    const created = await server.call(calls.adminStaffCreate, form, staff(admin.token));
    expect(created).toMatchObject({ type: 'ok', message: { email, invite_path: expect.stringMatching(/^\/admin\/invite#/) } });
    expect(await server.refused(calls.adminStaffCreate, form, staff(admin.token))).toMatchObject({ code: 'account_exists' });
    const listed = (await server.call(calls.adminStaffList, {}, { token: admin.token })).message.find((s) => s.email === email)!;
    expect(listed).toMatchObject({ id: created.message.id, role: 'viewer', totp_set: false });

    // the new member sets their password and authenticator from the link, then signs in
    const invite = { token: created.message.invite_path.split('#')[1]! };
    const opened = await server.call(calls.adminInviteOpen, invite);
    const password = 'Long-enough-1';
    await server.call(calls.adminInviteAccept, { ...invite, password, re_password: password, code: await codeAt(opened.message.secret, server.clock()) });
    const step = await server.call(calls.adminLogin, { email, password });
    expect(step.message.setup).toBeNull();
    const token = (await server.call(calls.adminLoginTotp, { ticket: step.message.ticket, code: await codeAt(opened.message.secret, server.clock() + 30_000) })).message;
    expect(await server.call(calls.adminMe, {}, { token })).toMatchObject({ message: { role: 'viewer' } });

    await server.call(calls.adminStaffRole, { id: listed.id, role: 'reviewer' }, staff(admin.token));
    expect(await server.refused(calls.adminMe, {}, { token })).toMatchObject({ type: '999' });
    expect(await server.refused(calls.adminStaffRole, { id: admin.id.toString(), role: 'viewer' }, staff(admin.token))).toMatchObject({ code: 'staff_forbidden' });

    await server.call(calls.adminStaffResetTotp, { id: listed.id }, staff(admin.token));
    const again = await server.call(calls.adminLogin, { email, password });
    expect(again.message.setup).not.toBeNull();
    const roles = (await server.call(calls.adminStaffList, {}, { token: admin.token })).message.find((s) => s.email === email);
    expect(roles).toMatchObject({ role: 'reviewer', totp_set: false });
  });
});

describe('notices', () => {
  const texts = (tag: string) =>
    Object.fromEntries(['zh', 'hk', 'en', 'kr', 'jp', 'spa'].flatMap((lang) => [[`title_${lang}`, `${tag} ${lang}`], [`body_${lang}`, `${tag} body ${lang}`]]));

  it('are written by admins in six languages and read by traders in theirs once published', async () => {
    expect(await server.refused(calls.adminNoticeSave, { published: '1', ...texts('Maintenance') }, staff(reviewer.token))).toMatchObject({ code: 'staff_forbidden' });
    expect(await server.refused(calls.adminNoticeSave, { published: '1', ...texts('Maintenance'), body_kr: ' ' }, staff(admin.token))).toMatchObject({ code: 'notice_text_required' });
    await server.call(calls.adminNoticeSave, { published: '0', ...texts('Draft') }, staff(admin.token));
    await server.call(calls.adminNoticeSave, { published: '1', ...texts('Maintenance') }, staff(admin.token));

    const list = await server.call(calls.noticeList, {}, { lang: 'jp' });
    expect(list.message).toMatchObject({ total: 1, data: [{ title: 'Maintenance jp' }] });
    const id = list.message.data[0]!.id;
    expect(await server.call(calls.noticeDetail, { id }, { lang: 'spa' })).toMatchObject({ message: { title: 'Maintenance spa', body: 'Maintenance body spa' } });

    const staffList = await server.call(calls.adminNotices, {}, { token: viewer.token });
    const draft = staffList.message.data.find((n) => !n.published)!;
    expect(await server.refused(calls.noticeDetail, { id: draft.id })).toMatchObject({ code: 'not_found' });
    await server.call(calls.adminNoticeSave, { id: draft.id, published: '1', ...texts('Listed') }, staff(admin.token));
    expect((await server.call(calls.noticeList, {}, { lang: 'en' })).message.data.map((n) => n.title).sort()).toEqual(['Listed en', 'Maintenance en']);
  });
});
