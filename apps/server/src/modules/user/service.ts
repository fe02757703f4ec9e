import { randomInt } from 'node:crypto';
import type { Lang } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { Rejection } from '../../rejection';
import { checkCode, consumeCode, sendCode } from '../code/service';
import { insertWallets } from '../ledger/queries';
import { inTransaction } from '../ledger/service';
import type { Mailer } from '../mail/service';
import { createSession, revokeSession } from '../session/service';
import { hashPassword, verifyPassword } from './password';
import {
  insertUser,
  revokeSessions,
  selectUserByAccount,
  selectUserByEmail,
  selectUserByExtensionCode,
  selectUserById,
  setPassword,
} from './queries';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newExtensionCode(): string {
  return Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
}

// a login for an unknown account still pays for one hash check, so timing does not tell them apart
let decoyHash: Promise<string> | undefined;

export async function login(db: Db, account: string, password: string): Promise<string> {
  const user = await selectUserByAccount(db, account);
  const ok = await verifyPassword(user?.password_hash ?? (await (decoyHash ??= hashPassword('decoy-password-1'))), password);
  if (!user || !ok) throw new Rejection('login_failed');
  return createSession(db, user.id);
}

export function logout(db: Db, sessionId: bigint): Promise<void> {
  return revokeSession(db, sessionId);
}

export async function sendRegisterCode(db: Db, mailer: Mailer, email: string, lang: Lang): Promise<void> {
  if (await selectUserByEmail(db, email.toLowerCase())) throw new Rejection('account_exists');
  await sendCode(db, mailer, { purpose: 'register', target: email.toLowerCase(), lang });
}

export async function sendForgetCode(db: Db, mailer: Mailer, email: string, lang: Lang): Promise<void> {
  if (!(await selectUserByEmail(db, email.toLowerCase()))) throw new Rejection('account_not_found');
  await sendCode(db, mailer, { purpose: 'forget', target: email.toLowerCase(), lang });
}

export async function register(
  db: Db,
  input: { email: string; password: string; code: string; extensionCode?: string | undefined; countryCode?: string | undefined },
  nowMs = Date.now(),
): Promise<bigint> {
  const email = input.email.toLowerCase();
  if (await selectUserByEmail(db, email)) throw new Rejection('account_exists');
  const parent = input.extensionCode ? await selectUserByExtensionCode(db, input.extensionCode) : undefined;
  if (input.extensionCode && !parent) throw new Rejection('invite_code_invalid');
  const codeId = await checkCode(db, { purpose: 'register', target: email, code: input.code }, nowMs);
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
      review_status: 0n,
      created_at_ms: BigInt(nowMs),
    });
    await insertWallets(trx, userId);
    return userId;
  });
}

/** The forgot-password check: the code is right, and stays usable for the reset itself. */
export async function checkForgetCode(db: Db, email: string, code: string): Promise<void> {
  await checkCode(db, { purpose: 'forget', target: email.toLowerCase(), code });
}

export async function resetPassword(db: Db, input: { email: string; password: string; code: string }, nowMs = Date.now()) {
  const email = input.email.toLowerCase();
  const user = await selectUserByEmail(db, email);
  if (!user) throw new Rejection('account_not_found');
  const codeId = await checkCode(db, { purpose: 'forget', target: email, code: input.code }, nowMs);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
    await consumeCode(trx, codeId, nowMs);
    await setPassword(trx, user.id, passwordHash);
    await revokeSessions(trx, user.id, nowMs);
  });
}

/** Changes the login password; every other session of the user ends. */
export async function changePassword(
  db: Db,
  input: { userId: bigint; sessionId: bigint; oldPassword: string; password: string },
  nowMs = Date.now(),
): Promise<void> {
  const user = await selectUserById(db, input.userId);
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw new Rejection('old_password_wrong');
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
    await setPassword(trx, user.id, passwordHash);
    await revokeSessions(trx, user.id, nowMs, input.sessionId);
  });
}

export async function sendOwnCode(db: Db, mailer: Mailer, userId: bigint, purpose: 'fund' | 'survey', lang: Lang) {
  const user = await selectUserById(db, userId);
  if (!user.email) throw new Rejection('email_invalid');
  if (purpose === 'survey' && user.is_invee !== 1n) throw new Rejection('survey_not_invited');
  await sendCode(db, mailer, { purpose, target: user.email, lang });
}

/** Sets or changes the 6-digit fund password, proven by the login password and an e-mail code. */
export async function setPayPassword(
  db: Db,
  input: { userId: bigint; password: string; payPassword: string; code: string },
  nowMs = Date.now(),
): Promise<void> {
  const user = await selectUserById(db, input.userId);
  if (!(await verifyPassword(user.password_hash, input.password))) throw new Rejection('old_password_wrong');
  const codeId = await checkCode(db, { purpose: 'fund', target: user.email ?? '', code: input.code }, nowMs);
  const payHash = await hashPassword(input.payPassword);
  await inTransaction(db, async (trx) => {
    await consumeCode(trx, codeId, nowMs);
    await trx.updateTable('user').set({ pay_password_hash: payHash }).where('id', '=', user.id).execute();
  });
}

export async function submitSurvey(db: Db, input: { userId: bigint; code: string; answers: string }, nowMs = Date.now()) {
  const user = await selectUserById(db, input.userId);
  if (user.is_invee !== 1n) throw new Rejection('survey_not_invited');
  const codeId = await checkCode(db, { purpose: 'survey', target: user.email ?? '', code: input.code }, nowMs);
  await inTransaction(db, async (trx) => {
    await consumeCode(trx, codeId, nowMs);
    await trx.insertInto('survey_answer').values({ user_id: user.id, answers: input.answers, created_at_ms: BigInt(nowMs) }).execute();
    await trx.updateTable('user').set({ is_invee: 0n }).where('id', '=', user.id).execute();
  });
}
