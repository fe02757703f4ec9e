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
