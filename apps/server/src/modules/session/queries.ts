import type { Db } from '../../db/database';

export async function insertSession(db: Db, session: { userId: bigint; tokenHash: string; createdAtMs: number }): Promise<void> {
  await db
    .insertInto('session')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at_ms: BigInt(session.createdAtMs),
      last_seen_at_ms: BigInt(session.createdAtMs),
      revoked_at_ms: null,
    })
    .execute();
}

/** A session by token hash, unless revoked or not seen since `seenSinceMs`. */
export function selectLiveSession(db: Db, tokenHash: string, seenSinceMs: number) {
  return db
    .selectFrom('session')
    .select(['id', 'user_id', 'last_seen_at_ms'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at_ms', 'is', null)
    .where('last_seen_at_ms', '>', BigInt(seenSinceMs))
    .executeTakeFirst();
}

export async function touchSession(db: Db, sessionId: bigint, nowMs: number): Promise<void> {
  await db.updateTable('session').set({ last_seen_at_ms: BigInt(nowMs) }).where('id', '=', sessionId).execute();
}

export async function revokeSessionById(db: Db, sessionId: bigint, nowMs: number): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at_ms: BigInt(nowMs) })
    .where('id', '=', sessionId)
    .where('revoked_at_ms', 'is', null)
    .execute();
}

/** Ends the user's sessions, all of them or all but one. */
export async function revokeUserSessions(db: Db, userId: bigint, nowMs: number): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at_ms: BigInt(nowMs) })
    .where('user_id', '=', userId)
    .where('revoked_at_ms', 'is', null)
    .execute();
}
