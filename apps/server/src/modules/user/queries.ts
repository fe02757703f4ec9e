import type { Db } from '../../db/database';
import type { NewUser } from '../../db/schema';

export function selectUserByEmail(db: Db, email: string) {
  return db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
}

export function selectUserByAccount(db: Db, account: string) {
  return db
    .selectFrom('user')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', account.toLowerCase()), eb('phone', '=', account)]))
    .executeTakeFirst();
}

export function selectUserById(db: Db, id: bigint) {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function selectUserByExtensionCode(db: Db, code: string) {
  return db.selectFrom('user').select('id').where('extension_code', '=', code.toUpperCase()).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<bigint> {
  const row = await db.insertInto('user').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setPassword(db: Db, userId: bigint, passwordHash: string): Promise<void> {
  await db.updateTable('user').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Ends the user's sessions, all of them or all but one. */
export async function revokeSessions(db: Db, userId: bigint, nowMs: number, keepSessionId?: bigint): Promise<void> {
  let query = db
    .updateTable('session')
    .set({ revoked_at_ms: BigInt(nowMs) })
    .where('user_id', '=', userId)
    .where('revoked_at_ms', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '<>', keepSessionId);
  await query.execute();
}
