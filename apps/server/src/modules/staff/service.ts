import { randomBytes, randomUUID } from 'node:crypto';
import { limits, STAFF_INVITE_PATH } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { StaffRole } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { decidedSince, recordStaffDecision } from '../audit/service';
import { createSession, hashToken, resolveSession, revokeSession, revokeSessions } from '../session/service';
import { resetTotp, startTotpSetup, totpState, verifyTotp } from '../totp/service';
import { hashPassword, verifyPassword } from '../user/password';
import { insertUser, selectUserByEmail, selectUserById, setPassword } from '../user/queries';
import { checkPassword } from '../user/service';
import {
  countStaff,
  insertInvite,
  insertStaff,
  markInviteUsed,
  selectLiveInvite,
  selectStaffByEmail,
  selectStaffById,
  selectStaffList,
  selectStaffRole,
  selectStaffSinceMs,
  updateStaffRole,
} from './queries';

/** Staff sign-in in two steps (password, then a TOTP code) and the staff member's role. */

export function staffRoleOf(db: Db, userId: bigint): Promise<StaffRole | undefined> {
  return selectStaffRole(db, userId);
}

export async function staffMember(db: Db, userId: bigint) {
  const row = await selectStaffById(db, userId);
  if (!row) throw new Rejection('not_found');
  return row;
}

export async function hasStaff(db: Db): Promise<boolean> {
  return (await countStaff(db)) > 0;
}

/** Makes an existing staff user row a staff member of the role (bootstrap and factories). */
export function addStaffRole(db: Db, userId: bigint, role: StaffRole, nowMs: number): Promise<void> {
  return insertStaff(db, userId, role, nowMs);
}

/**
 * Step 1: the password. Answers a short-lived ticket (a session of kind `staff_totp`, good for
 * nothing but step 2) and, until the staff member has confirmed a TOTP secret, a new secret to
 * scan. A wrong e-mail and a wrong password answer alike.
 */
export async function startStaffSignIn(db: Db, email: string, password: string, nowMs: number) {
  const staff = await selectStaffByEmail(db, email.toLowerCase());
  if (!(await checkPassword(staff?.password_hash, password)) || !staff) throw new Rejection('login_failed');
  const subject = { kind: 'staff' as const, id: staff.id };
  const setup = (await totpState(db, subject)) === 'confirmed' ? undefined : await startTotpSetup(db, subject, email, nowMs);
  const ticket = await createSession(db, staff.id, nowMs, 'staff_totp');
  return { ticket, setup };
}

/** The sign-in a step-1 ticket stands for, with the staff member's address (its failures are counted by it). */
export async function pendingStaffSignIn(db: Db, ticket: string, nowMs: number) {
  const pending = await resolveSession(db, ticket, { kind: 'staff_totp', idleMs: limits.staffTotpTicketMs, maxAgeMs: limits.staffTotpTicketMs }, nowMs);
  if (!pending) throw new Rejection('totp_ticket_invalid');
  const staff = await selectStaffById(db, pending.userId);
  if (!staff) throw new Rejection('totp_ticket_invalid');
  return { ...pending, email: staff.email ?? '' };
}

/**
 * Step 2: the ticket's sign-in and a code. A good code (never one used before) ends the ticket
 * and opens a staff session. A wrong code ends the ticket too, so each guess costs a password try.
 */
export async function finishStaffSignIn(db: Db, pending: { sessionId: bigint; userId: bigint }, code: string, nowMs: number): Promise<string> {
  if (!(await verifyTotp(db, { kind: 'staff', id: pending.userId }, code, nowMs))) {
    await revokeSession(db, pending.sessionId, nowMs);
    throw new Rejection('totp_code_wrong');
  }
  return inTransaction(db, async (trx) => {
    await revokeSession(trx, pending.sessionId, nowMs);
    return createSession(trx, pending.userId, nowMs, 'staff');
  });
}

// staff sessions never bind a socket (the socket proves trader sessions only): nothing to disconnect
export async function endStaffSession(db: Db, sessionId: bigint, nowMs: number): Promise<void> {
  await revokeSession(db, sessionId, nowMs);
}

/**
 * The audited actions by which an admin gives a staff member their way in: a new account, a new
 * password or a new authenticator. Whoever did one of them lately may be the one holding it.
 */
export const STAFF_ENROLMENT_ACTIONS = ['staff.create', 'staff.reset_password', 'staff.reset_totp'] as const;

/**
 * The two-person rule: the second approval of a request must come from someone other than the
 * first approver, who was staff before the request was made, and whom the first approver did not
 * create or re-enrol in the last `secondApproverEnrolmentWindowMs` (one admin with a second account
 * of their own making is still one person). The refusal names the rule that failed.
 */
export async function assertSecondApprover(db: Db, input: { firstId: bigint; secondId: bigint; requestedAtMs: bigint }, nowMs: number): Promise<void> {
  if (input.secondId === input.firstId) throw new Rejection('second_approver_required');
  const staffSinceMs = await selectStaffSinceMs(db, input.secondId);
  if (staffSinceMs === undefined || staffSinceMs >= input.requestedAtMs) throw new Rejection('second_approver_too_new');
  const windowMs = limits.secondApproverEnrolmentWindowMs;
  const enrolled = await decidedSince(db, { staffId: input.firstId, actions: STAFF_ENROLMENT_ACTIONS, subject: `user:${input.secondId}`, sinceMs: nowMs - windowMs });
  if (enrolled) throw new Rejection('second_approver_enrolled', { days: windowMs / 86_400_000 });
}

// staff accounts, managed by admins; each change audited

export function staffList(db: Db) {
  return selectStaffList(db);
}

/** A password nobody knows: the account cannot sign in until its owner sets one from an invite link. */
async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('hex'));
}

/** A one-time invite link for the staff member, replacing their earlier unused one. */
async function issueInvite(trx: Db, input: { adminId: bigint; userId: bigint; email: string }, nowMs: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAtMs = nowMs + limits.staffInviteTtlMs;
  await insertInvite(trx, { tokenHash: hashToken(token), userId: input.userId, createdBy: input.adminId, createdAtMs: nowMs, expiresAtMs });
  return { id: input.userId.toString(), email: input.email, invite_path: `${STAFF_INVITE_PATH}#${token}`, expires_ms: expiresAtMs };
}

/**
 * A new staff member of the role, with no password anyone knows: the answer is their invite link,
 * where they choose their password and enrol their authenticator themselves.
 */
export async function createStaff(db: Db, input: { adminId: bigint; email: string; role: StaffRole }, nowMs: number) {
  const email = input.email.toLowerCase();
  const passwordHash = await unusablePasswordHash();
  return inTransaction(db, async (trx) => {
    if (await selectUserByEmail(trx, email)) throw new Rejection('account_exists');
    const id = await insertUser(trx, {
      email,
      phone: null,
      country_code: null,
      password_hash: passwordHash,
      // staff never invite: a code nobody can guess keeps the column's uniqueness
      extension_code: `STAFF-${randomUUID()}`,
      parent_id: null,
      role: 'staff',
      is_invee: 0n,
      review_status: 0n,
      created_at_ms: BigInt(nowMs),
    });
    await insertStaff(trx, id, input.role, nowMs);
    const invite = await issueInvite(trx, { adminId: input.adminId, userId: id, email }, nowMs);
    await recordStaffDecision(trx, { staffId: input.adminId, action: 'staff.create', subject: `user:${id}`, detail: { before: null, after: { email, role: input.role, invite_expires_ms: invite.expires_ms } } }, nowMs);
    return invite;
  });
}

/**
 * A lost password: another staff member's password and authenticator are removed and their
 * sessions end; the answer is a new invite link, where they set both again.
 */
export async function resetStaffPassword(db: Db, input: { adminId: bigint; userId: bigint }, nowMs: number) {
  if (input.userId === input.adminId) throw new Rejection('staff_forbidden');
  const passwordHash = await unusablePasswordHash();
  return inTransaction(db, async (trx) => {
    const staff = await selectStaffById(trx, input.userId);
    if (!staff) throw new Rejection('not_found');
    const subject = { kind: 'staff' as const, id: input.userId };
    const totpBefore = (await totpState(trx, subject)) === 'confirmed';
    await setPassword(trx, input.userId, passwordHash);
    await resetTotp(trx, subject);
    await revokeSessions(trx, input.userId, nowMs);
    const invite = await issueInvite(trx, { adminId: input.adminId, userId: input.userId, email: staff.email ?? '' }, nowMs);
    await recordStaffDecision(
      trx,
      { staffId: input.adminId, action: 'staff.reset_password', subject: `user:${input.userId}`, detail: { before: { totp: totpBefore }, after: { totp: false, invite_expires_ms: invite.expires_ms } } },
      nowMs,
    );
    return invite;
  });
}

/** An invite link opened: whose it is, and a new authenticator secret to scan (replacing an unconfirmed one). */
export async function openInvite(db: Db, token: string, nowMs: number) {
  const invite = await selectLiveInvite(db, hashToken(token), nowMs);
  if (!invite) throw new Rejection('staff_invite_invalid');
  const email = invite.email ?? '';
  const setup = await startTotpSetup(db, { kind: 'staff', id: invite.user_id }, email, nowMs);
  // an invite is issued with the authenticator removed: a confirmed one means the link is stale
  if (!setup) throw new Rejection('staff_invite_invalid');
  return { email, secret: setup.secret, otpauth_url: setup.otpauthUrl, expires_ms: Number(invite.expires_at_ms) };
}

/**
 * The invite used: the password and the authenticator's first code (confirming the secret the
 * link showed) are set together, once, audited as the member's own enrolment.
 */
export async function acceptInvite(db: Db, input: { token: string; password: string; code: string }, nowMs: number): Promise<void> {
  const tokenHash = hashToken(input.token);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
    const invite = await selectLiveInvite(trx, tokenHash, nowMs);
    if (!invite) throw new Rejection('staff_invite_invalid');
    const subject = { kind: 'staff' as const, id: invite.user_id };
    if ((await totpState(trx, subject)) !== 'pending') throw new Rejection('totp_setup_missing');
    if (!(await verifyTotp(trx, subject, input.code, nowMs))) throw new Rejection('totp_code_wrong');
    if (!(await markInviteUsed(trx, tokenHash, nowMs))) throw new Rejection('staff_invite_invalid');
    await setPassword(trx, invite.user_id, passwordHash);
    await revokeSessions(trx, invite.user_id, nowMs);
    await recordStaffDecision(trx, { staffId: invite.user_id, action: 'staff.enrol', subject: `user:${invite.user_id}`, detail: { before: { totp: false }, after: { totp: true } } }, nowMs);
  });
}

/**
 * A staff member's own new password (the staff rule), proven by the current one and an
 * authenticator code; their other sessions end, this one stays.
 */
export async function changeOwnPassword(
  db: Db,
  input: { userId: bigint; sessionId: bigint; oldPassword: string; password: string; code: string },
  nowMs: number,
): Promise<void> {
  const user = await selectUserById(db, input.userId);
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw new Rejection('old_password_wrong');
  if (input.password === input.oldPassword) throw new Rejection('password_same_as_old');
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
    if (!(await verifyTotp(trx, { kind: 'staff', id: input.userId }, input.code, nowMs))) throw new Rejection('totp_code_wrong');
    await setPassword(trx, input.userId, passwordHash);
    await revokeSessions(trx, input.userId, nowMs, input.sessionId);
    await recordStaffDecision(trx, { staffId: input.userId, action: 'staff.password', subject: `user:${input.userId}`, detail: { before: null, after: null } }, nowMs);
  });
}

/** Another staff member's role; their sessions end so the new role applies at once. */
export function changeStaffRole(db: Db, input: { adminId: bigint; userId: bigint; role: StaffRole }, nowMs: number) {
  if (input.userId === input.adminId) throw new Rejection('staff_forbidden');
  return inTransaction(db, async (trx) => {
    const before = await updateStaffRole(trx, input.userId, input.role);
    if (!before) throw new Rejection('not_found');
    await revokeSessions(trx, input.userId, nowMs);
    await recordStaffDecision(trx, { staffId: input.adminId, action: 'staff.role', subject: `user:${input.userId}`, detail: { before: { role: before }, after: { role: input.role } } }, nowMs);
  });
}

/** Removes another staff member's TOTP secret (a lost phone) and ends their sessions. */
export function resetStaffTotp(db: Db, input: { adminId: bigint; userId: bigint }, nowMs: number) {
  if (input.userId === input.adminId) throw new Rejection('staff_forbidden');
  return inTransaction(db, async (trx) => {
    if (!(await selectStaffRole(trx, input.userId))) throw new Rejection('not_found');
    await resetTotp(trx, { kind: 'staff', id: input.userId });
    await revokeSessions(trx, input.userId, nowMs);
    await recordStaffDecision(trx, { staffId: input.adminId, action: 'staff.reset_totp', subject: `user:${input.userId}`, detail: { before: { totp: true }, after: { totp: false } } }, nowMs);
  });
}
