import type { Db } from '../../db/database';

export async function selectRole(db: Db, userId: bigint) {
  const row = await db.selectFrom('user').select('role').where('id', '=', userId).executeTakeFirst();
  return row?.role;
}

export async function insertAuditEntry(
  db: Db,
  entry: { staffId: bigint; action: string; subject: string; detail: string; createdAtMs: number },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ staff_id: entry.staffId, action: entry.action, subject: entry.subject, detail: entry.detail, created_at_ms: BigInt(entry.createdAtMs) })
    .execute();
}

/** Whether the staff member decided one of `actions` about `subject` at or after `sinceMs`. */
export async function selectDecidedSince(db: Db, entry: { staffId: bigint; actions: readonly string[]; subject: string; sinceMs: number }): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('staff_id', '=', entry.staffId)
    .where('action', 'in', entry.actions)
    .where('subject', '=', entry.subject)
    .where('created_at_ms', '>=', BigInt(entry.sinceMs))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of the audit log, newest first; `actionPrefix` matches `withdrawal` to `withdrawal.approve`. */
export async function selectAuditPage(
  db: Db,
  filter: { staff?: { id: bigint } | { email: string }; actionPrefix?: string },
  paging: { page: number; limit: number },
) {
  let base = db.selectFrom('audit_log').innerJoin('user', 'user.id', 'audit_log.staff_id');
  if (filter.staff) base = 'id' in filter.staff ? base.where('user.id', '=', filter.staff.id) : base.where('user.email', '=', filter.staff.email.toLowerCase());
  const prefix = filter.actionPrefix;
  if (prefix) base = base.where((eb) => eb.or([eb('audit_log.action', '=', prefix), eb(eb.fn('substr', ['audit_log.action', eb.val(1), eb.val(prefix.length + 1)]), '=', `${prefix}.`)]));
  const [data, count] = await Promise.all([
    base
      .select(['audit_log.id', 'audit_log.staff_id', 'user.email', 'audit_log.action', 'audit_log.subject', 'audit_log.detail', 'audit_log.created_at_ms'])
      .orderBy('audit_log.id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.n) };
}
