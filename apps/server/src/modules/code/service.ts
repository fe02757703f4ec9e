import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { limits, type Lang } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { CodePurpose } from '../../db/schema';
import { Rejection } from '../../rejection';
import type { Mail, Mailer } from '../mail/service';
import { codeMail } from '../mail/templates';
import { deleteCode, incrementTries, insertCode, markCodeUsed, selectLatestCode } from './queries';

function hashCode(purpose: CodePurpose, target: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');
}

/** Compares in constant time, so the answer's timing tells nothing of how much of a guess was right. */
function sameHash(stored: string, given: string): boolean {
  const [a, b] = [Buffer.from(stored, 'hex'), Buffer.from(given, 'hex')];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Mails a fresh code for one purpose to one address. Refused within the resend wait of the last
 * one; a new code replaces the older ones (only the latest counts).
 */
export async function sendCode(
  db: Db,
  mailer: Mailer,
  request: { purpose: CodePurpose; target: string; lang: Lang },
  nowMs: number,
): Promise<void> {
  const code = randomInt(0, 10 ** limits.codeDigits).toString().padStart(limits.codeDigits, '0');
  await storeAndMail(db, mailer, request, hashCode(request.purpose, request.target, code), nowMs, codeMail(request.lang, request.purpose, request.target, code, limits.codeTtlMs / 60_000));
}

/**
 * What sendCode does for an address that must get no code (no account to reset, an account that
 * exists already, a staff address), so the answer, the resend wait and the tries of a code check
 * are the same as for one that does: a code is recorded that no code matches, and `mail` (if any)
 * tells the owner what happened instead of a code.
 */
export async function sendNoCode(db: Db, mailer: Mailer, request: { purpose: CodePurpose; target: string }, nowMs: number, mail?: Mail): Promise<void> {
  await storeAndMail(db, mailer, request, randomBytes(32).toString('hex'), nowMs, mail);
}

async function storeAndMail(db: Db, mailer: Mailer, request: { purpose: CodePurpose; target: string }, codeHash: string, nowMs: number, mail: Mail | undefined) {
  const last = await selectLatestCode(db, request.purpose, request.target);
  const waitMs = last ? Number(last.created_at_ms) + limits.codeResendMs - nowMs : 0;
  if (waitMs > 0) throw new Rejection('code_resend_wait', { seconds: Math.ceil(waitMs / 1000) });

  const codeId = await insertCode(db, { purpose: request.purpose, target: request.target, codeHash, createdAtMs: nowMs, expiresAtMs: nowMs + limits.codeTtlMs });
  if (!mail) return;
  try {
    await mailer.send(mail);
  } catch {
    // an undelivered mail must not block the resend countdown
    await deleteCode(db, codeId);
    throw new Rejection('mail_failed');
  }
}

/**
 * Checks a code without using it up. A wrong code counts a try (committed at once, whatever the
 * caller's transaction does); the last allowed wrong try burns the code. Answers the code's id.
 */
export async function checkCode(
  db: Db,
  request: { purpose: CodePurpose; target: string; code: string },
  nowMs: number,
): Promise<bigint> {
  const latest = await selectLatestCode(db, request.purpose, request.target);
  if (!latest || latest.used_at_ms !== null) throw new Rejection('code_wrong');
  if (latest.tries >= BigInt(limits.codeTriesMax)) throw new Rejection('code_too_many_tries');
  if (latest.expires_at_ms <= BigInt(nowMs)) throw new Rejection('code_expired');
  if (!sameHash(latest.code_hash, hashCode(request.purpose, request.target, request.code))) {
    const tries = await incrementTries(db, latest.id);
    throw new Rejection(tries >= BigInt(limits.codeTriesMax) ? 'code_too_many_tries' : 'code_wrong');
  }
  return latest.id;
}

/** Uses a checked code up, once: a second use (a race or a replay) is refused. */
export async function consumeCode(db: Db, codeId: bigint, nowMs: number): Promise<void> {
  if (!(await markCodeUsed(db, codeId, nowMs))) throw new Rejection('code_wrong');
}
