import { randomBytes } from 'node:crypto';
import { limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { SessionKind } from '../../db/schema';
import { nativeSha256Hex } from '../../hash';
import { insertSession, revokeSessionById, revokeUserSessions, selectLiveSession, selectSessionRevoked, touchSession } from './queries';

export function hashToken(token: string): string {
  return nativeSha256Hex(token);
}

/** Opens a session and returns its opaque token; only the token's hash is stored. */
export async function createSession(db: Db, userId: bigint, nowMs: number, kind: SessionKind = 'user'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, { userId, tokenHash: hashToken(token), createdAtMs: nowMs, kind });
  return token;
}

/** Writes that the session was seen at `nowMs` (its idle limit counts from then). */
export function markSessionSeen(db: Db, sessionId: bigint, nowMs: number): Promise<void> {
  return touchSession(db, sessionId, nowMs);
}

/**
 * The user of a live session of the kind, or undefined for an unknown, revoked, idle-expired or
 * other kind's token (a trader's token opens no staff call, a staff token no trader call).
 * `maxAgeMs` also ends a session that long after it opened, however busy. `markSeen` writes the
 * refreshed last-seen time (calls and socket logins write it through the job runner: on SQLite a
 * write of the HTTP thread's own would wait there for the writer thread's transaction).
 */
export async function resolveSession(
  db: Db,
  token: string,
  session: { kind: SessionKind; idleMs: number; maxAgeMs?: number },
  nowMs: number,
  markSeen: (sessionId: bigint, nowMs: number) => Promise<unknown> = (sessionId, seenAtMs) => markSessionSeen(db, sessionId, seenAtMs),
): Promise<{ sessionId: bigint; userId: bigint } | undefined> {
  const openedSinceMs = session.maxAgeMs === undefined ? 0 : nowMs - session.maxAgeMs;
  const row = await selectLiveSession(db, hashToken(token), session.kind, nowMs - session.idleMs, openedSinceMs);
  if (!row) return undefined;
  // refreshed at most this often, so a busy client does not write on every call
  if (BigInt(nowMs) - row.last_seen_at_ms > BigInt(limits.sessionTouchMs)) await markSeen(row.id, nowMs);
  return { sessionId: row.id, userId: row.user_id };
}

/**
 * Ends a session; answers its id if this call ended it. The caller hands the ids it ended to the
 * socket layer once its transaction committed, which disconnects every socket bound to them.
 */
export function sessionRevoked(db: Db, sessionId: bigint): Promise<boolean> {
  return selectSessionRevoked(db, sessionId);
}

export function revokeSession(db: Db, sessionId: bigint, nowMs: number): Promise<bigint[]> {
  return revokeSessionById(db, sessionId, nowMs);
}

/** Ends every session of the user, or every one but `keepSessionId`; answers the ids ended (see revokeSession). */
export function revokeSessions(db: Db, userId: bigint, nowMs: number, keepSessionId?: bigint): Promise<bigint[]> {
  return revokeUserSessions(db, userId, nowMs, keepSessionId);
}
