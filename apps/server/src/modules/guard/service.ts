import { limits } from '@tidemark/protocol';
import { Rejection } from '../../rejection';
import type { Strikes } from './strikes';

const secondsLeft = (untilMs: number, nowMs: number) => Math.max(1, Math.ceil((untilMs - nowMs) / 1000));

interface SecretLock {
  name: string;
  strikesMax: number;
  windowMs: number;
  lockMs: number;
  wrong: 'pay_password_wrong' | 'totp_code_wrong';
  locked: 'pay_password_locked' | 'totp_locked';
}

const PAY_PASSWORD: SecretLock = {
  name: 'pay',
  strikesMax: limits.payPasswordStrikesMax,
  windowMs: limits.payPasswordStrikeWindowMs,
  lockMs: limits.payPasswordLockMs,
  wrong: 'pay_password_wrong',
  locked: 'pay_password_locked',
};

const TOTP_CODE: SecretLock = {
  name: 'totp',
  strikesMax: limits.totpStrikesMax,
  windowMs: limits.totpStrikeWindowMs,
  lockMs: limits.totpLockMs,
  wrong: 'totp_code_wrong',
  locked: 'totp_locked',
};

/**
 * Runs `check` of a user's secret under its guessing lock: wrong answers count per user, and the
 * `strikesMax`-th within the window locks that secret for `lockMs` (answered with the minutes
 * left). Each try is counted before its check, so guesses sent in parallel cannot slip past the
 * lock while they are being checked.
 */
async function guardSecret(strikes: Strikes, secret: SecretLock, userId: bigint, nowMs: number, check: () => Promise<boolean>): Promise<void> {
  const lockKey = `${secret.name}-lock:${userId}`;
  const triesKey = `${secret.name}-tries:${userId}`;
  const locked = (untilMs: number) => new Rejection(secret.locked, { minutes: Math.ceil(secondsLeft(untilMs, nowMs) / 60) });

  const lock = await strikes.recent(lockKey, nowMs, secret.lockMs);
  if (lock.lastMs !== undefined) throw locked(lock.lastMs + secret.lockMs);
  await strikes.add(triesKey, nowMs, secret.windowMs);
  const tries = await strikes.recent(triesKey, nowMs, secret.windowMs);
  if (tries.count > secret.strikesMax) throw locked(nowMs + secret.lockMs);

  if (await check()) {
    await strikes.clear(triesKey);
    return;
  }
  if (tries.count < secret.strikesMax) throw new Rejection(secret.wrong);
  await strikes.add(lockKey, nowMs, secret.lockMs);
  await strikes.clear(triesKey);
  throw locked(nowMs + secret.lockMs);
}

/** A fund password check under its lock (`limits.payPassword*`). */
export function guardPayPassword(strikes: Strikes, userId: bigint, nowMs: number, check: () => Promise<boolean>): Promise<void> {
  return guardSecret(strikes, PAY_PASSWORD, userId, nowMs, check);
}

/** An authenticator code check (withdrawals, turning it off) under its own lock (`limits.totp*`). */
export function guardTotpCode(strikes: Strikes, userId: bigint, nowMs: number, check: () => Promise<boolean>): Promise<void> {
  return guardSecret(strikes, TOTP_CODE, userId, nowMs, check);
}

/**
 * Runs a login attempt under two counts of failures only (a success counts nothing):
 * - per account and address, strict: `loginStrikesPerDeviceMax` failures make that address wait
 *   out the window;
 * - per account, looser: past `loginStrikesPerAccountFree` failures each try waits a delay that
 *   doubles with every further failure. An address that signed in to the account lately (the
 *   owner's device) is spared this one, so someone hammering an account cannot lock its owner out.
 */
export async function guardLogin<T>(
  strikes: Strikes,
  attempt: { account: string; address: string },
  nowMs: number,
  login: () => Promise<T>,
): Promise<T> {
  const account = attempt.account.toLowerCase();
  const deviceKey = `login-device:${account}:${attempt.address}`;
  const accountKey = `login-account:${account}`;
  const knownKey = `login-known:${account}:${attempt.address}`;
  const window = limits.loginStrikeWindowMs;

  const device = await strikes.recent(deviceKey, nowMs, window);
  if (device.count >= limits.loginStrikesPerDeviceMax && device.lastMs !== undefined) {
    throw new Rejection('login_locked', { seconds: secondsLeft(device.lastMs + window, nowMs) });
  }
  const known = (await strikes.recent(knownKey, nowMs, limits.loginKnownDeviceMs)).count > 0;
  if (!known) {
    const all = await strikes.recent(accountKey, nowMs, window);
    const over = all.count - limits.loginStrikesPerAccountFree;
    if (over >= 0 && all.lastMs !== undefined) {
      const delayMs = Math.min(limits.loginDelayBaseMs * 2 ** over, limits.loginDelayMaxMs);
      if (nowMs < all.lastMs + delayMs) throw new Rejection('login_locked', { seconds: secondsLeft(all.lastMs + delayMs, nowMs) });
    }
  }

  try {
    const answer = await login();
    await strikes.clear(deviceKey);
    await strikes.add(knownKey, nowMs, limits.loginKnownDeviceMs);
    return answer;
  } catch (error) {
    // a wrong authenticator code after a right password counts as a failed login too
    if (error instanceof Rejection && (error.code === 'login_failed' || error.code === 'totp_code_wrong')) {
      await strikes.add(deviceKey, nowMs, window);
      await strikes.add(accountKey, nowMs, window);
    }
    throw error;
  }
}
