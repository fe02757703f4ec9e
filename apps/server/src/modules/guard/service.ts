import { limits } from '@tidemark/protocol';
import { Rejection } from '../../rejection';
import type { Strikes } from './strikes';

const secondsLeft = (untilMs: number, nowMs: number) => Math.max(1, Math.ceil((untilMs - nowMs) / 1000));

/**
 * Runs `check` of a user's fund password under the guessing lock: wrong answers count per user,
 * and the `payPasswordStrikesMax`-th within the window locks the fund password for
 * `payPasswordLockMs` (answered with the minutes left). Each try is counted before its check, so
 * guesses sent in parallel cannot slip past the lock while they are being checked.
 */
export async function guardPayPassword(strikes: Strikes, userId: bigint, nowMs: number, check: () => Promise<boolean>): Promise<void> {
  const lockKey = `pay-lock:${userId}`;
  const triesKey = `pay-tries:${userId}`;
  const locked = (untilMs: number) => new Rejection('pay_password_locked', { minutes: Math.ceil(secondsLeft(untilMs, nowMs) / 60) });

  const lock = await strikes.recent(lockKey, nowMs, limits.payPasswordLockMs);
  if (lock.lastMs !== undefined) throw locked(lock.lastMs + limits.payPasswordLockMs);
  await strikes.add(triesKey, nowMs, limits.payPasswordStrikeWindowMs);
  const tries = await strikes.recent(triesKey, nowMs, limits.payPasswordStrikeWindowMs);
  if (tries.count > limits.payPasswordStrikesMax) throw locked(nowMs + limits.payPasswordLockMs);

  if (await check()) {
    await strikes.clear(triesKey);
    return;
  }
  if (tries.count < limits.payPasswordStrikesMax) throw new Rejection('pay_password_wrong');
  await strikes.add(lockKey, nowMs, limits.payPasswordLockMs);
  await strikes.clear(triesKey);
  throw locked(nowMs + limits.payPasswordLockMs);
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
    if (error instanceof Rejection && error.code === 'login_failed') {
      await strikes.add(deviceKey, nowMs, window);
      await strikes.add(accountKey, nowMs, window);
    }
    throw error;
  }
}
