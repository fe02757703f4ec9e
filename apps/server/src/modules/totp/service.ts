import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { revokeSessions } from '../session/service';
import {
  claimRecoveryCode,
  claimTimeStep,
  deleteRecoveryCodes,
  deleteTotp,
  replaceRecoveryCodes,
  selectTotp,
  upsertPendingTotp,
  type TotpSubject,
} from './queries';

export type { TotpSubject } from './queries';

/**
 * TOTP two-factor for any subject (staff now, traders later): RFC 6238 codes of 6 digits every
 * 30 s, one step of clock drift either way, and each code good once.
 */
const ISSUER = 'Tidemark';

export type TotpState = 'none' | 'pending' | 'confirmed';

export async function totpState(db: Db, subject: TotpSubject): Promise<TotpState> {
  const row = await selectTotp(db, subject);
  if (!row) return 'none';
  return row.confirmed_at_ms === null ? 'pending' : 'confirmed';
}

/**
 * A new secret to scan, while none is confirmed yet (each call replaces the unconfirmed one, so
 * a lost QR code is not a lock-out). Undefined once a secret is confirmed.
 */
export async function startTotpSetup(
  db: Db,
  subject: TotpSubject,
  label: string,
  nowMs: number,
): Promise<{ secret: string; otpauthUrl: string } | undefined> {
  const secret = generateSecret();
  if (!(await upsertPendingTotp(db, subject, secret, nowMs))) return undefined;
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label, secret }) };
}

/**
 * Whether `code` is the subject's current code and not used before; a good code of a pending
 * secret confirms it. A code of the same or an earlier time step than the last accepted one is
 * refused, so a code seen over someone's shoulder cannot be replayed.
 */
export async function verifyTotp(db: Db, subject: TotpSubject, code: string, nowMs: number): Promise<boolean> {
  const row = await selectTotp(db, subject);
  if (!row || !/^[0-9]{6}$/.test(code)) return false;
  const result = await verify({
    secret: row.secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: limits.totpDriftSeconds,
    ...(row.last_time_step !== null ? { afterTimeStep: Number(row.last_time_step) } : {}),
  });
  if (!result.valid) return false;
  // a TOTP answer (the default strategy) names the time step the code belongs to
  if (!('timeStep' in result)) throw new Error('TOTP verification answered without a time step');
  return claimTimeStep(db, subject, result.timeStep, nowMs);
}

/** Removes the subject's secret and recovery codes, so the next sign-in sets up a new one (a lost phone). */
export async function resetTotp(db: Db, subject: TotpSubject): Promise<void> {
  await deleteTotp(db, subject);
  await deleteRecoveryCodes(db, subject);
}

// recovery codes: letters and digits that cannot be misread (no 0/O, 1/I/L), shown as xxxxx-xxxxx
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/**
 * A new set of recovery codes (each about 49 bits of chance, so a plain hash is safe to store),
 * replacing any earlier set; the plain codes are answered once and never stored.
 */
export async function issueRecoveryCodes(db: Db, subject: TotpSubject, nowMs: number): Promise<string[]> {
  const half = () => Array.from({ length: limits.totpRecoveryHalfLength }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  const codes = Array.from({ length: limits.totpRecoveryCodes }, () => `${half()}-${half()}`);
  await replaceRecoveryCodes(db, subject, codes.map(hashRecoveryCode), nowMs);
  return codes;
}

/**
 * Whether `code` is the subject's second factor now: a current TOTP code never used before, or
 * an unspent recovery code (spent by this call). Only a confirmed secret counts.
 */
export async function verifySecondFactor(db: Db, subject: TotpSubject, code: string, nowMs: number): Promise<boolean> {
  const trimmed = code.trim();
  if (/^[0-9]{6}$/.test(trimmed)) return (await totpState(db, subject)) === 'confirmed' && verifyTotp(db, subject, trimmed, nowMs);
  if (normaliseRecoveryCode(trimmed).length !== limits.totpRecoveryHalfLength * 2) return false;
  return claimRecoveryCode(db, subject, hashRecoveryCode(trimmed), nowMs);
}

// traders: optional, asked at sign-in and on withdrawal once confirmed

const trader = (userId: bigint): TotpSubject => ({ kind: 'user', id: userId });

/** Runs a second-factor check, throwing when it fails (a guessing lock, or a plain refusal). */
export type CodeGuard = (check: () => Promise<boolean>) => Promise<void>;

export const refuseWrongCode: CodeGuard = async (check) => {
  if (!(await check())) throw new Rejection('totp_code_wrong');
};

export async function traderTotpOn(db: Db, userId: bigint): Promise<boolean> {
  return (await totpState(db, trader(userId))) === 'confirmed';
}

/** A new secret to scan (replacing an unconfirmed one); refused while one is on. */
export async function startTraderTotp(db: Db, userId: bigint, label: string, nowMs: number) {
  const setup = await startTotpSetup(db, trader(userId), label, nowMs);
  if (!setup) throw new Rejection('totp_already_on');
  return setup;
}

/**
 * The first good code of the pending secret turns it on and ends the trader's other sessions
 * (opened with the password alone, which no longer suffices); answers the recovery codes, once,
 * and the ids of the sessions ended.
 */
export function enableTraderTotp(
  db: Db,
  input: { userId: bigint; sessionId: bigint; code: string },
  nowMs: number,
  guard: CodeGuard,
): Promise<{ recoveryCodes: string[]; endedSessions: bigint[] }> {
  const subject = trader(input.userId);
  return inTransaction(db, async (trx) => {
    const state = await totpState(trx, subject);
    if (state === 'confirmed') throw new Rejection('totp_already_on');
    if (state === 'none') throw new Rejection('totp_setup_missing');
    await guard(() => verifyTotp(trx, subject, input.code.trim(), nowMs));
    const recoveryCodes = await issueRecoveryCodes(trx, subject, nowMs);
    return { recoveryCodes, endedSessions: await revokeSessions(trx, input.userId, nowMs, input.sessionId) };
  });
}

/** Turns the authenticator off with a current code or a recovery code. */
export function disableTraderTotp(db: Db, userId: bigint, code: string, nowMs: number, guard: CodeGuard): Promise<void> {
  const subject = trader(userId);
  return inTransaction(db, async (trx) => {
    if ((await totpState(trx, subject)) !== 'confirmed') throw new Rejection('totp_not_on');
    await guard(() => verifySecondFactor(trx, subject, code, nowMs));
    await resetTotp(trx, subject);
  });
}

/**
 * Nothing for a trader without the authenticator; otherwise `code` must be a good second factor
 * (`totp_required` without one). Run it in the transaction of what it protects, so the code is
 * spent only with it.
 */
export async function requireTraderCode(db: Db, userId: bigint, code: string | undefined, nowMs: number, guard: CodeGuard): Promise<void> {
  if (!(await traderTotpOn(db, userId))) return;
  if (!code) throw new Rejection('totp_required');
  await guard(() => verifySecondFactor(db, trader(userId), code, nowMs));
}
