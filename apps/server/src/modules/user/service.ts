import { randomInt } from 'node:crypto';
import { limits, REVIEW_STATUS, type Lang } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { checkCode, consumeCode, sendCode, sendNoCode } from '../code/service';
import { insertWallets } from '../ledger/queries';
import type { Mailer } from '../mail/service';
import { accountExistsMail } from '../mail/templates';
import { createSession, revokeSession, revokeSessions } from '../session/service';
import { refuseWrongCode, requireTraderCode } from '../totp/service';
import { hashPassword, verifyPassword } from './password';
import {
  insertSurveyAnswers,
  insertUser,
  selectUserByAccount,
  selectUserByEmail,
  selectUserByExtensionCode,
  selectUserById,
  setPassword,
  setPayPasswordHash,
} from './queries';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newExtensionCode(): string {
  return Array.from({ length: limits.extensionCodeLength }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
}

// a login for an unknown account still pays for one hash check, so timing does not tell them apart
let decoyHash: Promise<string> | undefined;

/** Whether `password` matches `hash`; without a hash it still takes one check's time, and fails. */
export async function checkPassword(hash: string | undefined, password: string): Promise<boolean> {
  const ok = await verifyPassword(hash ?? (await (decoyHash ??= hashPassword('decoy-password-1'))), password);
  return ok && hash !== undefined;
}

/**
 * A trader's sign-in (staff accounts sign in at the console only). With the authenticator on, the password alone is answered `totp_required`
 * and opens nothing; the second step sends the password again with the code, and the code is
 * spent together with the session it opens.
 */
export async function login(db: Db, account: string, password: string, totpCode: string | undefined, nowMs: number): Promise<string> {
  const user = await selectUserByAccount(db, account);
  if (!(await checkPassword(user?.password_hash, password)) || !user || user.role !== 'user') throw new Rejection('login_failed');
  // told only to whoever knows the password
  if (user.login_locked !== 0n) throw new Rejection('account_locked');
  return inTransaction(db, async (trx) => {
    await requireTraderCode(trx, user.id, totpCode, nowMs, refuseWrongCode);
    return createSession(trx, user.id, nowMs);
  });
}

/** Ends the session; answers the ids of the sessions ended (their sockets are disconnected by the caller). */
export function logout(db: Db, sessionId: bigint, nowMs: number): Promise<bigint[]> {
  return revokeSession(db, sessionId, nowMs);
}

/*
 * The code mails answer alike whatever the address is, so they tell nobody which addresses have
 * an account. Staff addresses are nobody's trader account: their password is the console's alone.
 */

/** A registration code; an address with a trader account gets "you already have an account" instead, a staff address nothing. */
export async function sendRegisterCode(db: Db, mailer: Mailer, email: string, lang: Lang, nowMs: number): Promise<void> {
  const target = email.toLowerCase();
  const user = await selectUserByEmail(db, target);
  if (!user) return sendCode(db, mailer, { purpose: 'register', target, lang }, nowMs);
  await sendNoCode(db, mailer, { purpose: 'register', target }, nowMs, user.role === 'user' ? accountExistsMail(lang, target) : undefined);
}

/** A forgotten-password code, only to a trader's address; to any other nothing, answered alike. */
export async function sendForgetCode(db: Db, mailer: Mailer, email: string, lang: Lang, nowMs: number): Promise<void> {
  const target = email.toLowerCase();
  const user = await selectUserByEmail(db, target);
  if (user?.role === 'user') return sendCode(db, mailer, { purpose: 'forget', target, lang }, nowMs);
  await sendNoCode(db, mailer, { purpose: 'forget', target }, nowMs);
}

export async function register(
  db: Db,
  input: { email: string; password: string; code: string; extensionCode?: string | undefined; countryCode?: string | undefined },
  nowMs: number,
): Promise<bigint> {
  const email = input.email.toLowerCase();
  // the code first: only the address's owner learns that it has an account (a race; else its code never matches)
  const codeId = await checkCode(db, { purpose: 'register', target: email, code: input.code }, nowMs);
  if (await selectUserByEmail(db, email)) throw new Rejection('account_exists');
  const parent = input.extensionCode ? await selectUserByExtensionCode(db, input.extensionCode) : undefined;
  if (input.extensionCode && !parent) throw new Rejection('invite_code_invalid');
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    await consumeCode(trx, codeId, nowMs);
    const userId = await insertUser(trx, {
      email,
      phone: null,
      country_code: input.countryCode ?? null,
      password_hash: passwordHash,
      extension_code: newExtensionCode(),
      parent_id: parent?.id ?? null,
      role: 'user',
      // an invited trader answers the invitee survey (/myinvee)
      is_invee: parent ? 1n : 0n,
      review_status: BigInt(REVIEW_STATUS.none),
      created_at_ms: BigInt(nowMs),
    });
    await insertWallets(trx, userId);
    return userId;
  });
}

/** The forgot-password check: the code is right, and stays usable for the reset itself. */
export async function checkForgetCode(db: Db, email: string, code: string, nowMs: number): Promise<void> {
  await checkCode(db, { purpose: 'forget', target: email.toLowerCase(), code }, nowMs);
}

/** Sets a forgotten password; every session of the user ends. Answers the ids of the sessions ended. */
export async function resetPassword(db: Db, input: { email: string; password: string; code: string }, nowMs: number): Promise<bigint[]> {
  const email = input.email.toLowerCase();
  // only a trader's address ever gets a code that matches: any other is refused as a wrong code
  const codeId = await checkCode(db, { purpose: 'forget', target: email, code: input.code }, nowMs);
  const user = await selectUserByEmail(db, email);
  if (user?.role !== 'user') throw new Rejection('code_wrong');
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    await consumeCode(trx, codeId, nowMs);
    await setPassword(trx, user.id, passwordHash);
    return revokeSessions(trx, user.id, nowMs);
  });
}

/**
 * Changes the login password; every session of the user ends, this one too (the spec sends the
 * user to log in again). Answers the ids of the sessions ended.
 */
export async function changePassword(
  db: Db,
  input: { userId: bigint; oldPassword: string; password: string },
  nowMs: number,
): Promise<bigint[]> {
  const user = await selectUserById(db, input.userId);
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw new Rejection('old_password_wrong');
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    await setPassword(trx, user.id, passwordHash);
    return revokeSessions(trx, user.id, nowMs);
  });
}

export async function sendOwnCode(db: Db, mailer: Mailer, userId: bigint, purpose: 'fund' | 'survey', lang: Lang, nowMs: number) {
  const user = await selectUserById(db, userId);
  if (!user.email) throw new Rejection('email_invalid');
  if (purpose === 'survey' && user.is_invee !== 1n) throw new Rejection('survey_not_invited');
  await sendCode(db, mailer, { purpose, target: user.email, lang }, nowMs);
}

/** Sets or changes the 6-digit fund password, proven by the login password and an e-mail code. */
export async function setPayPassword(
  db: Db,
  input: { userId: bigint; password: string; payPassword: string; code: string },
  nowMs: number,
): Promise<void> {
  const user = await selectUserById(db, input.userId);
  if (!(await verifyPassword(user.password_hash, input.password))) throw new Rejection('old_password_wrong');
  const codeId = await checkCode(db, { purpose: 'fund', target: user.email ?? '', code: input.code }, nowMs);
  const payHash = await hashPassword(input.payPassword);
  await inTransaction(db, async (trx) => {
    await consumeCode(trx, codeId, nowMs);
    await setPayPasswordHash(trx, user.id, payHash);
  });
}

export async function submitSurvey(db: Db, input: { userId: bigint; code: string; answers: string }, nowMs: number) {
  const user = await selectUserById(db, input.userId);
  if (user.is_invee !== 1n) throw new Rejection('survey_not_invited');
  const codeId = await checkCode(db, { purpose: 'survey', target: user.email ?? '', code: input.code }, nowMs);
  await inTransaction(db, async (trx) => {
    await consumeCode(trx, codeId, nowMs);
    await insertSurveyAnswers(trx, user.id, input.answers, nowMs);
  });
}
