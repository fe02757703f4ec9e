import { randomUUID } from 'node:crypto';
import { limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { StaffRole } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { recordStaffDecision } from '../audit/service';
import { createSession, resolveSession, revokeSession, revokeSessions } from '../session/service';
import { resetTotp, startTotpSetup, totpState, verifyTotp } from '../totp/service';
import { hashPassword } from '../user/password';
import { insertUser, selectUserByEmail } from '../user/queries';
import { checkPassword } from '../user/service';
import { countStaff, insertStaff, selectStaffByEmail, selectStaffById, selectStaffList, selectStaffRole, updateStaffRole } from './queries';

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

/**
 * Step 2: the ticket and a code. A good code (never one used before) ends the ticket and opens a
 * staff session. A wrong code ends the ticket too, so each guess costs a password try, which is
 * limited per account.
 */
export async function finishStaffSignIn(db: Db, ticket: string, code: string, nowMs: number): Promise<string> {
  const pending = await resolveSession(db, ticket, { kind: 'staff_totp', idleMs: limits.staffTotpTicketMs, maxAgeMs: limits.staffTotpTicketMs }, nowMs);
  if (!pending) throw new Rejection('totp_ticket_invalid');
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

// staff accounts, managed by admins; each change audited

export async function staffList(db: Db) {
  return (await selectStaffList(db)).map((s) => ({
    id: s.id.toString(),
    email: s.email ?? '',
    role: s.staff_role,
    totp_set: s.confirmed_at_ms !== null,
    created_ms: Number(s.created_at_ms),
  }));
}

export async function createStaff(db: Db, input: { adminId: bigint; email: string; password: string; role: StaffRole }, nowMs: number) {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
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
    await recordStaffDecision(trx, { staffId: input.adminId, action: 'staff.create', subject: `user:${id}`, detail: { before: null, after: { email, role: input.role } } }, nowMs);
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
