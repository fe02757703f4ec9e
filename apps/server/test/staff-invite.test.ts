import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { manualClock, type ManualClock } from '@tidemark/core';
import { calls, limits } from '@tidemark/protocol';
import { buildStaff, type SignedInUser } from '../src/testing/factories';
import { malformed, startTestServer, type Form, type TestServer } from './harness';

// Staff credentials are the console's alone: a new member sets their own password and enrols their
// authenticator from a one-time invite link; an admin's reset is a new link; a member changes their
// own password in the console. Each step audited. On a driven clock, so codes and expiry are exact.

const STEP_MS = 30_000;
let clock: ManualClock;
let server: TestServer;
let admin: SignedInUser;
let reviewer: SignedInUser;
let seq = 0;
const newEmail = () => `invited-${seq++}@example.test`;

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 11, 11, 9));
  server = await startTestServer({ market: { clock, flushMs: 3_600_000, feed: () => ({ start: async () => {}, stop: async () => {} }) } });
  admin = await buildStaff(server, { role: 'admin' });
  reviewer = await buildStaff(server, { role: 'reviewer' });
});
afterAll(() => server.close());

/** The current code of `secret`, after moving the clock one step on (each code is good once). */
const nextCode = (secret: string) => {
  clock.advance(STEP_MS);
  return generate({ secret, epoch: Math.floor(clock() / 1000) });
};
const tokenOf = (invitePath: string) => invitePath.split('#')[1] ?? '';
const auditOf = async (subject: string) =>
  (await server.db.selectFrom('audit_log').select(['staff_id', 'action']).where('subject', '=', subject).orderBy('id').execute()).map((a) => [a.action, a.staff_id]);

/** Signs in through the console's two steps; answers the staff session token. */
async function signIn(email: string, password: string, secret: string): Promise<string> {
  const step = await server.call(calls.adminLogin, { email, password });
  expect(step).toMatchObject({ type: 'ok', message: { setup: null } });
  const done = await server.call(calls.adminLoginTotp, { ticket: step.message.ticket, code: await nextCode(secret) });
  return done.message;
}

/** Opens the link and sets the password and the first code; answers the authenticator secret. */
async function acceptInvite(invitePath: string, password: string): Promise<string> {
  const opened = await server.call(calls.adminInviteOpen, { token: tokenOf(invitePath) });
  const secret = opened.message.secret;
  const accepted = await server.call(calls.adminInviteAccept, { token: tokenOf(invitePath), password, re_password: password, code: await nextCode(secret) });
  expect(accepted).toMatchObject({ type: 'ok', message: 'Your password and authenticator are set; sign in now' });
  return secret;
}

describe('staff invites', () => {
  it('creates a member from an e-mail and a role; their one-time link sets their password and authenticator, audited', async () => {
    const email = newEmail();
    // a password in the request is no longer the member's: only the link sets one
    const form = malformed({ email, role: 'viewer', password: 'Chosen-by-admin-1' });
    expect(await server.refused(calls.adminStaffCreate, form, { token: reviewer.token })).toMatchObject({ code: 'staff_forbidden' });
    const created = await server.call(calls.adminStaffCreate, form, { token: admin.token });
    expect(created).toMatchObject({ type: 'ok', message: { email, invite_path: expect.stringMatching(/^\/admin\/invite#[\w-]{43}$/), expires_ms: clock() + limits.staffInviteTtlMs } });
    const { id, invite_path: invitePath } = created.message;
    expect(await server.refused(calls.adminLogin, { email, password: form.password })).toMatchObject({ code: 'login_failed' });
    expect(await server.refused(calls.adminStaffCreate, form, { token: admin.token })).toMatchObject({ code: 'account_exists' });

    const token = tokenOf(invitePath);
    expect(await server.refused(calls.adminInviteOpen, { token: 'x'.repeat(43) })).toMatchObject({ code: 'staff_invite_invalid' });
    const opened = await server.call(calls.adminInviteOpen, { token });
    expect(opened).toMatchObject({ type: 'ok', message: { email, secret: expect.stringMatching(/^[A-Z2-7]{16,}$/), otpauth_url: expect.stringMatching(/^otpauth:\/\/totp\//) } });
    const secret = opened.message.secret;

    const accept = (fields: Form<typeof calls.adminInviteAccept>) => server.attempt(calls.adminInviteAccept, { token, password: 'Own-password-1', re_password: 'Own-password-1', ...fields });
    // the staff rule, not the trader's: at least 10 characters
    expect(await accept({ password: 'abc123', re_password: 'abc123', code: await nextCode(secret) })).toMatchObject({ code: 'password_too_short' });
    expect(await accept({ re_password: 'Own-password-2', code: await nextCode(secret) })).toMatchObject({ code: 'passwords_mismatch' });
    expect(await accept({ code: '000000' })).toMatchObject({ code: 'totp_code_wrong' });
    expect(await accept({ code: await nextCode(secret) })).toMatchObject({ type: 'ok' });
    // once only
    expect(await accept({ code: await nextCode(secret) })).toMatchObject({ code: 'staff_invite_invalid' });
    expect(await server.refused(calls.adminInviteOpen, { token })).toMatchObject({ code: 'staff_invite_invalid' });

    const session = await signIn(email, 'Own-password-1', secret);
    expect(await server.call(calls.adminMe, {}, { token: session })).toMatchObject({ message: { email, role: 'viewer' } });
    const listed = (await server.call(calls.adminStaffList, {}, { token: admin.token })).message.find((s) => s.id === id);
    expect(listed).toMatchObject({ role: 'viewer', totp_set: true });
    expect(await auditOf(`user:${id}`)).toEqual([
      ['staff.create', admin.id],
      ['staff.enrol', BigInt(id)],
    ]);
  });

  it('expires a link after 24 hours, and a newer link replaces an older one', async () => {
    const email = newEmail();
    const first = (await server.call(calls.adminStaffCreate, { email, role: 'reviewer' }, { token: admin.token })).message;
    clock.advance(limits.staffInviteTtlMs);
    expect(await server.refused(calls.adminInviteOpen, { token: tokenOf(first.invite_path) })).toMatchObject({ code: 'staff_invite_invalid' });
    // a day on, the admin's session has ended too
    admin = await buildStaff(server, { role: 'admin' });
    reviewer = await buildStaff(server, { role: 'reviewer' });

    const second = (await server.call(calls.adminStaffResetPassword, { id: first.id }, { token: admin.token })).message;
    const third = (await server.call(calls.adminStaffResetPassword, { id: first.id }, { token: admin.token })).message;
    expect(await server.refused(calls.adminInviteOpen, { token: tokenOf(second.invite_path) })).toMatchObject({ code: 'staff_invite_invalid' });
    const secret = await acceptInvite(third.invite_path, 'Fresh-password-1');
    await signIn(email, 'Fresh-password-1', secret);
  });

  it('resets a member’s password and authenticator by a new link, ending their sessions, for admins only and not on themselves', async () => {
    const email = newEmail();
    const created = (await server.call(calls.adminStaffCreate, { email, role: 'reviewer' }, { token: admin.token })).message;
    const oldSecret = await acceptInvite(created.invite_path, 'First-password-1');
    const session = await signIn(email, 'First-password-1', oldSecret);

    expect(await server.refused(calls.adminStaffResetPassword, { id: created.id }, { token: reviewer.token })).toMatchObject({ code: 'staff_forbidden' });
    expect(await server.refused(calls.adminStaffResetPassword, { id: admin.id.toString() }, { token: admin.token })).toMatchObject({ code: 'staff_forbidden' });
    expect(await server.refused(calls.adminStaffResetPassword, { id: '999999' }, { token: admin.token })).toMatchObject({ code: 'not_found' });
    const reset = await server.call(calls.adminStaffResetPassword, { id: created.id }, { token: admin.token });
    expect(reset).toMatchObject({ type: 'ok', message: { id: created.id, email, invite_path: expect.stringMatching(/^\/admin\/invite#/) } });

    expect(await server.refused(calls.adminMe, {}, { token: session })).toMatchObject({ type: '999' });
    expect(await server.refused(calls.adminLogin, { email, password: 'First-password-1' })).toMatchObject({ code: 'login_failed' });
    expect((await server.call(calls.adminStaffList, {}, { token: admin.token })).message.find((s) => s.id === created.id)).toMatchObject({ totp_set: false });

    const newSecret = await acceptInvite(reset.message.invite_path, 'Second-password-1');
    expect(newSecret).not.toBe(oldSecret);
    await signIn(email, 'Second-password-1', newSecret);
    expect(await auditOf(`user:${created.id}`)).toEqual([
      ['staff.create', admin.id],
      ['staff.enrol', BigInt(created.id)],
      ['staff.reset_password', admin.id],
      ['staff.enrol', BigInt(created.id)],
    ]);
  });
});

describe('a staff member’s own password', () => {
  it('changes with the current password and a code under the staff rule, audited; their other sessions end', async () => {
    const email = newEmail();
    const created = (await server.call(calls.adminStaffCreate, { email, role: 'viewer' }, { token: admin.token })).message;
    const secret = await acceptInvite(created.invite_path, 'Current-password-1');
    const here = await signIn(email, 'Current-password-1', secret);
    const elsewhere = await signIn(email, 'Current-password-1', secret);

    const change = (fields: Form<typeof calls.adminPassword>) =>
      server.attempt(calls.adminPassword, { old_password: 'Current-password-1', password: 'Next-password-1', re_password: 'Next-password-1', ...fields }, { token: here });
    expect(await change({ old_password: 'Wrong-password-1', code: await nextCode(secret) })).toMatchObject({ code: 'old_password_wrong' });
    expect(await change({ password: 'abc123', re_password: 'abc123', code: await nextCode(secret) })).toMatchObject({ code: 'password_too_short' });
    expect(await change({ password: 'Current-password-1', re_password: 'Current-password-1', code: await nextCode(secret) })).toMatchObject({ code: 'password_same_as_old' });
    expect(await change({ code: '000000' })).toMatchObject({ code: 'totp_code_wrong' });
    expect(await change({ code: await nextCode(secret) })).toMatchObject({ type: 'ok', message: 'Password changed; your other sessions were signed out' });

    await server.call(calls.adminMe, {}, { token: here });
    expect(await server.refused(calls.adminMe, {}, { token: elsewhere })).toMatchObject({ type: '999' });
    expect(await server.refused(calls.adminLogin, { email, password: 'Current-password-1' })).toMatchObject({ code: 'login_failed' });
    await signIn(email, 'Next-password-1', secret);
    expect((await auditOf(`user:${created.id}`)).at(-1)).toEqual(['staff.password', BigInt(created.id)]);
  });
});
