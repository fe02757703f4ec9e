import { limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { StaffRole } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { createSession, resolveSession, revokeSession } from '../session/service';
import { startTotpSetup, totpState, verifyTotp } from '../totp/service';
import { checkPassword } from '../user/service';
import { countStaff, insertStaff, selectStaffByEmail, selectStaffById, selectStaffRole } from './queries';

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

export function endStaffSession(db: Db, sessionId: bigint, nowMs: number): Promise<void> {
  return revokeSession(db, sessionId, nowMs);
}
