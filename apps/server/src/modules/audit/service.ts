import type { Db } from '../../db/database';
import { userFilter } from '../review/service';
import { insertAuditEntry, selectAuditPage, selectDecidedSince, selectRole } from './queries';

/** What a staff member decided, about what: `deposit.approve` on `deposit:12`. */
export interface StaffDecision {
  staffId: bigint;
  action: string;
  subject: string;
  detail?: object;
}

/**
 * Writes a staff decision to the audit log, inside the caller's transaction so the entry and the
 * decision commit together. Anyone but staff is a bug in the caller: it throws and nothing commits.
 */
export async function recordStaffDecision(trx: Db, decision: StaffDecision, nowMs: number): Promise<void> {
  if ((await selectRole(trx, decision.staffId)) !== 'staff') throw new Error(`${decision.action} needs a staff account`);
  await insertAuditEntry(trx, {
    staffId: decision.staffId,
    action: decision.action,
    subject: decision.subject,
    detail: JSON.stringify(decision.detail ?? {}),
    createdAtMs: nowMs,
  });
}

/** Whether a staff member decided one of `actions` about `subject` since a time (the log is the record). */
export function decidedSince(db: Db, entry: { staffId: bigint; actions: readonly string[]; subject: string; sinceMs: number }): Promise<boolean> {
  return selectDecidedSince(db, entry);
}

/** A page of the audit log; `staff` is an id or an e-mail address, `action` an action or its prefix. */
export function auditPage(db: Db, filter: { staff?: string; action?: string }, paging: { page: number; limit: number }) {
  const staff = userFilter(filter.staff);
  return selectAuditPage(db, { ...(staff ? { staff } : {}), ...(filter.action ? { actionPrefix: filter.action } : {}) }, paging);
}
