import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';

/** Sessions are refreshed at most this often, so a busy client does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000n;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session and returns its opaque token; only the token's hash is stored. */
export async function createSession(db: Db, userId: bigint, nowMs = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('session')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at_ms: BigInt(nowMs),
      last_seen_at_ms: BigInt(nowMs),
      revoked_at_ms: null,
    })
    .execute();
  return token;
}

/** The user of a live session, or undefined for an unknown, revoked or idle-expired token. */
export async function resolveSession(
  db: Db,
  token: string,
  idleMs: number,
  nowMs = Date.now(),
): Promise<{ sessionId: bigint; userId: bigint } | undefined> {
  const now = BigInt(nowMs);
  const row = await db
    .selectFrom('session')
    .select(['id', 'user_id', 'last_seen_at_ms'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at_ms', 'is', null)
    .where('last_seen_at_ms', '>', now - BigInt(idleMs))
    .executeTakeFirst();
  if (!row) return undefined;
  if (now - row.last_seen_at_ms > TOUCH_INTERVAL_MS) {
    await db.updateTable('session').set({ last_seen_at_ms: now }).where('id', '=', row.id).execute();
  }
  return { sessionId: row.id, userId: row.user_id };
}

export async function revokeSession(db: Db, sessionId: bigint, nowMs = Date.now()): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at_ms: BigInt(nowMs) })
    .where('id', '=', sessionId)
    .where('revoked_at_ms', 'is', null)
    .execute();
}
