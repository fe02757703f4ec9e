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
 * Runs `check` of a user's secret under its guessing lock, counting wrong answers only: the
 * `strikesMax`-th within the window locks that secret for `lockMs` (answered with the minutes
 * left). A right answer is honoured only if no lock stands once it has been checked, so guesses
 * sent in parallel gain nothing: those checked after the lock was set are all answered "locked",
 * right or wrong, while an owner's parallel right answers (no failure among them) all pass.
 */
async function guardSecret(strikes: Strikes, secret: SecretLock, userId: bigint, nowMs: number, check: () => Promise<boolean>): Promise<void> {
  const lockKey = `${secret.name}-lock:${userId}`;
  const failuresKey = `${secret.name}-tries:${userId}`;
  const lockedUntil = async () => {
    const lock = await strikes.recent(lockKey, nowMs, secret.lockMs);
    return lock.lastMs === undefined ? undefined : lock.lastMs + secret.lockMs;
  };
  const locked = (untilMs: number) => new Rejection(secret.locked, { minutes: Math.ceil(secondsLeft(untilMs, nowMs) / 60) });

  const before = await lockedUntil();
  if (before !== undefined) throw locked(before);
  const right = await check();
  const after = await lockedUntil();
  if (after !== undefined) throw locked(after);
  if (right) {
    await strikes.clear(failuresKey);
    return;
  }
  await strikes.add(failuresKey, nowMs, secret.windowMs);
  const failures = await strikes.recent(failuresKey, nowMs, secret.windowMs);
  if (failures.count < secret.strikesMax) throw new Rejection(secret.wrong);
  await strikes.add(lockKey, nowMs, secret.lockMs);
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

interface LoginAttempt {
  account: string;
  address: string;
}

const loginKeys = ({ account, address }: LoginAttempt) => {
  const name = account.toLowerCase();
  return { device: `login-device:${name}:${address}`, account: `login-account:${name}`, known: `login-known:${name}:${address}` };
};

/**
 * Whether a login attempt may be tried, under two counts of failures only (a success counts
 * nothing); throws `login_locked` otherwise:
 * - per account and address, strict: `loginStrikesPerDeviceMax` failures make that address wait
 *   out the window;
 * - per account, looser: past `loginStrikesPerAccountFree` failures each try waits a delay that
 *   doubles with every further failure. An address that signed in to the account lately (the
 *   owner's device) is spared this one, so someone hammering an account cannot lock its owner out.
 */
export async function admitLogin(strikes: Strikes, attempt: LoginAttempt, nowMs: number): Promise<void> {
  const keys = loginKeys(attempt);
  const window = limits.loginStrikeWindowMs;
  const device = await strikes.recent(keys.device, nowMs, window);
  if (device.count >= limits.loginStrikesPerDeviceMax && device.lastMs !== undefined) {
    throw new Rejection('login_locked', { seconds: secondsLeft(device.lastMs + window, nowMs) });
  }
  if ((await strikes.recent(keys.known, nowMs, limits.loginKnownDeviceMs)).count > 0) return;
  const all = await strikes.recent(keys.account, nowMs, window);
  const over = all.count - limits.loginStrikesPerAccountFree;
  if (over >= 0 && all.lastMs !== undefined) {
    const delayMs = Math.min(limits.loginDelayBaseMs * 2 ** over, limits.loginDelayMaxMs);
    if (nowMs < all.lastMs + delayMs) throw new Rejection('login_locked', { seconds: secondsLeft(all.lastMs + delayMs, nowMs) });
  }
}

/** A whole sign-in succeeded: the address's failures are forgotten and it becomes a known one. */
export async function loginSucceeded(strikes: Strikes, attempt: LoginAttempt, nowMs: number): Promise<void> {
  const keys = loginKeys(attempt);
  await strikes.clear(keys.device);
  await strikes.add(keys.known, nowMs, limits.loginKnownDeviceMs);
}

/** Counts `error` as a failed login when it is one: a wrong password, or a wrong code after a right one. */
export async function loginFailed(strikes: Strikes, attempt: LoginAttempt, nowMs: number, error: unknown): Promise<void> {
  if (!(error instanceof Rejection && (error.code === 'login_failed' || error.code === 'totp_code_wrong'))) return;
  const keys = loginKeys(attempt);
  await strikes.add(keys.device, nowMs, limits.loginStrikeWindowMs);
  await strikes.add(keys.account, nowMs, limits.loginStrikeWindowMs);
}

/** A one-step login (a trader's password, with the authenticator code when on) under the login counts. */
export async function guardLogin<T>(strikes: Strikes, attempt: LoginAttempt, nowMs: number, login: () => Promise<T>): Promise<T> {
  await admitLogin(strikes, attempt, nowMs);
  try {
    const answer = await login();
    await loginSucceeded(strikes, attempt, nowMs);
    return answer;
  } catch (error) {
    await loginFailed(strikes, attempt, nowMs, error);
    throw error;
  }
}
