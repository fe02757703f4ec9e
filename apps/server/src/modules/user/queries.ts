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

export async function setPayPasswordHash(db: Db, userId: bigint, payPasswordHash: string): Promise<void> {
  await db.updateTable('user').set({ pay_password_hash: payPasswordHash }).where('id', '=', userId).execute();
}

/** Stores the survey's answers; the user is no longer asked (is_invee back to 0). */
export async function insertSurveyAnswers(db: Db, userId: bigint, answers: string, nowMs: number): Promise<void> {
  await db.insertInto('survey_answer').values({ user_id: userId, answers, created_at_ms: BigInt(nowMs) }).execute();
  await db.updateTable('user').set({ is_invee: 0n }).where('id', '=', userId).execute();
}
