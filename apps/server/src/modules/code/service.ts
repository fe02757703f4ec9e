import { createHash, randomInt } from 'node:crypto';
import { limits, type Lang } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { CodePurpose } from '../../db/schema';
import { Rejection } from '../../rejection';
import type { Mailer } from '../mail/service';
import { codeMail } from '../mail/templates';

function hashCode(purpose: CodePurpose, target: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');
}

function latestCode(db: Db, purpose: CodePurpose, target: string) {
  return db
    .selectFrom('verification_code')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Mails a fresh 6-digit code for one purpose to one address. Refused within 60 s of the last
 * one; a new code replaces the older ones (only the latest counts).
 */
export async function sendCode(
  db: Db,
  mailer: Mailer,
  request: { purpose: CodePurpose; target: string; lang: Lang },
  nowMs = Date.now(),
): Promise<void> {
  const last = await latestCode(db, request.purpose, request.target);
  const waitMs = last ? Number(last.created_at_ms) + limits.codeResendMs - nowMs : 0;
  if (waitMs > 0) throw new Rejection('code_resend_wait', { seconds: Math.ceil(waitMs / 1000) });

  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const row = await db
    .insertInto('verification_code')
    .values({
      purpose: request.purpose,
      target: request.target,
      code_hash: hashCode(request.purpose, request.target, code),
      created_at_ms: BigInt(nowMs),
      expires_at_ms: BigInt(nowMs + limits.codeTtlMs),
      used_at_ms: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await mailer.send(codeMail(request.lang, request.purpose, request.target, code, limits.codeTtlMs / 60_000));
  } catch {
    // an undelivered code must not block the resend countdown
    await db.deleteFrom('verification_code').where('id', '=', row.id).execute();
    throw new Rejection('mail_failed');
  }
}

/**
 * Checks a code without using it up. A wrong code counts a try (committed at once, whatever the
 * caller's transaction does); the fifth wrong try burns the code. Answers the code's id.
 */
export async function checkCode(
  db: Db,
  request: { purpose: CodePurpose; target: string; code: string },
  nowMs = Date.now(),
): Promise<bigint> {
  const latest = await latestCode(db, request.purpose, request.target);
  if (!latest || latest.used_at_ms !== null) throw new Rejection('code_wrong');
  if (latest.tries >= BigInt(limits.codeTriesMax)) throw new Rejection('code_too_many_tries');
  if (latest.expires_at_ms <= BigInt(nowMs)) throw new Rejection('code_expired');
  if (latest.code_hash !== hashCode(request.purpose, request.target, request.code)) {
    const counted = await db
      .updateTable('verification_code')
      .set((eb) => ({ tries: eb('tries', '+', 1n) }))
      .where('id', '=', latest.id)
      .returning('tries')
      .executeTakeFirstOrThrow();
    throw new Rejection(counted.tries >= BigInt(limits.codeTriesMax) ? 'code_too_many_tries' : 'code_wrong');
  }
  return latest.id;
}

/** Uses a checked code up, once: a second use (a race or a replay) is refused. */
export async function consumeCode(db: Db, codeId: bigint, nowMs = Date.now()): Promise<void> {
  const used = await db
    .updateTable('verification_code')
    .set({ used_at_ms: BigInt(nowMs) })
    .where('id', '=', codeId)
    .where('used_at_ms', 'is', null)
    .executeTakeFirst();
  if (used.numUpdatedRows !== 1n) throw new Rejection('code_wrong');
}
