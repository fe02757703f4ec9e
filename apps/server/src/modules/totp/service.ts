import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/database';
import { claimTimeStep, deleteTotp, selectTotp, upsertPendingTotp, type TotpSubject } from './queries';

export type { TotpSubject } from './queries';

/**
 * TOTP two-factor for any subject (staff now, traders later): RFC 6238 codes of 6 digits every
 * 30 s, one step of clock drift either way, and each code good once.
 */
const DRIFT_SECONDS = 30;
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
    epochTolerance: DRIFT_SECONDS,
    ...(row.last_time_step !== null ? { afterTimeStep: Number(row.last_time_step) } : {}),
  });
  if (!result.valid) return false;
  // a TOTP answer (the default strategy) names the time step the code belongs to
  if (!('timeStep' in result)) throw new Error('TOTP verification answered without a time step');
  return claimTimeStep(db, subject, result.timeStep, nowMs);
}

/** Removes the subject's secret, so the next sign-in sets up a new one (a lost phone). */
export function resetTotp(db: Db, subject: TotpSubject): Promise<void> {
  return deleteTotp(db, subject);
}
