import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type { SessionKind } from '../../db/schema';

export async function insertSession(
  db: Db,
  session: { userId: bigint; tokenHash: string; createdAtMs: number; kind: SessionKind },
): Promise<bigint> {
  const row = await db
    .insertInto('session')
    .values({
      kind: session.kind,
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at_ms: BigInt(session.createdAtMs),
      last_seen_at_ms: BigInt(session.createdAtMs),
      revoked_at_ms: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// every signed-in call reads it: compiled once
const liveSession = preparedQuery<
  { tokenHash: string; kind: SessionKind; openedSinceMs: bigint; seenSinceMs: bigint },
  { id: bigint; user_id: bigint; last_seen_at_ms: bigint }
>((db, arg) =>
  db
    .selectFrom('session')
    .select(['id', 'user_id', 'last_seen_at_ms'])
    .where('token_hash', '=', arg('tokenHash'))
    .where('kind', '=', arg('kind'))
    .where('created_at_ms', '>', arg('openedSinceMs'))
    .where('revoked_at_ms', 'is', null)
    .where('last_seen_at_ms', '>', arg('seenSinceMs')),
);

/** A session of the kind by token hash, unless revoked, not seen since `seenSinceMs` or opened before `openedSinceMs`. */
export async function selectLiveSession(db: Db, tokenHash: string, kind: SessionKind, seenSinceMs: number, openedSinceMs = 0) {
  const { rows } = await liveSession(db, { tokenHash, kind, openedSinceMs: BigInt(openedSinceMs), seenSinceMs: BigInt(seenSinceMs) });
  return rows[0];
}

/** Whether the session was revoked (an unknown id counts as revoked). */
export async function selectSessionRevoked(db: Db, sessionId: bigint): Promise<boolean> {
  const row = await db.selectFrom('session').select('revoked_at_ms').where('id', '=', sessionId).executeTakeFirst();
  return !row || row.revoked_at_ms !== null;
}

export async function touchSession(db: Db, sessionId: bigint, nowMs: number): Promise<void> {
  await db.updateTable('session').set({ last_seen_at_ms: BigInt(nowMs) }).where('id', '=', sessionId).execute();
}

/** Ends the session unless it already ended; answers its id when this ended it. */
export async function revokeSessionById(db: Db, sessionId: bigint, nowMs: number): Promise<bigint[]> {
  const rows = await db
    .updateTable('session')
    .set({ revoked_at_ms: BigInt(nowMs) })
    .where('id', '=', sessionId)
    .where('revoked_at_ms', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Ends the user's live sessions, all of them or all but `keepSessionId`; answers the ids it ended. */
export async function revokeUserSessions(db: Db, userId: bigint, nowMs: number, keepSessionId?: bigint): Promise<bigint[]> {
  let query = db.updateTable('session').set({ revoked_at_ms: BigInt(nowMs) }).where('user_id', '=', userId).where('revoked_at_ms', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}
