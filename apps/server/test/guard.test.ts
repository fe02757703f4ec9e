import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from '@tidemark/core';
import { calls, limits } from '@tidemark/protocol';
import { Rejection } from '../src/rejection';
import { guardPayPassword } from '../src/modules/guard/service';
import { redisStrikes } from '../src/modules/guard/strikes';
import { buildStaff, buildTrader, buildUser, TRADER_DEFAULTS } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';

const MINUTE = 60_000;
let server: TestServer;
let clock: ManualClock;

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 10, 24, 12));
  server = await startTestServer({ market: { clock, flushMs: 3_600_000, feed: () => ({ start: async () => {}, stop: async () => {} }) } });
});
afterAll(() => server.close());

describe('fund password guessing lock', () => {
  const withdraw = (token: string, payPassword: string, lang = 'en') =>
    server.attempt(calls.walletOut, { currency: '3', number: '10', address: TRADER_DEFAULTS.address.address, pay_password: payPassword }, { token, lang });

  it('locks the fund password for 15 minutes after 5 wrong ones in 15 minutes, telling the time left', async () => {
    const trader = await buildTrader(server);
    for (let i = 0; i < limits.payPasswordStrikesMax - 1; i += 1) {
      expect(await withdraw(trader.token, '000000')).toMatchObject({ code: 'pay_password_wrong' });
      clock.advance(MINUTE);
    }
    expect(await withdraw(trader.token, '000000')).toMatchObject({
      code: 'pay_password_locked',
      message: 'Too many wrong fund passwords: the fund password is locked, try again in 15 min',
    });
    // the right password does not open it, and no money moved
    clock.advance(5 * MINUTE);
    expect(await withdraw(trader.token, trader.fundPassword, 'zh')).toEqual({
      type: 'error',
      code: 'pay_password_locked',
      message: '资金密码错误次数过多，已锁定，请10分钟后再试',
    });
    expect(await server.call(calls.walletWithdrawList, { page: '1' }, { token: trader.token })).toMatchObject({ message: { list: [] } });
    clock.advance(10 * MINUTE);
    expect(await withdraw(trader.token, trader.fundPassword)).toMatchObject({ type: 'ok' });
    await server.expectLedgerSound();
  });

  it('forgets wrong tries older than 15 minutes, and a right password clears them', async () => {
    const trader = await buildTrader(server);
    for (let i = 0; i < limits.payPasswordStrikesMax - 1; i += 1) expect(await withdraw(trader.token, '000000')).toMatchObject({ code: 'pay_password_wrong' });
    clock.advance(15 * MINUTE);
    expect(await withdraw(trader.token, '000000')).toMatchObject({ code: 'pay_password_wrong' });
    expect(await withdraw(trader.token, trader.fundPassword)).toMatchObject({ type: 'ok' });
    for (let i = 0; i < limits.payPasswordStrikesMax - 1; i += 1) expect(await withdraw(trader.token, '000000')).toMatchObject({ code: 'pay_password_wrong' });
  });

  it('lets no burst of guesses past the lock: at most the allowed wrong answers, the rest locked', async () => {
    const trader = await buildTrader(server);
    const answers = await Promise.all(Array.from({ length: 12 }, () => withdraw(trader.token, '000000')));
    const codes = answers.map((a) => a.code);
    const wrong = codes.filter((c) => c === 'pay_password_wrong').length;
    expect(wrong).toBeLessThan(limits.payPasswordStrikesMax);
    expect(codes.filter((c) => c === 'pay_password_locked')).toHaveLength(12 - wrong);
    expect(await withdraw(trader.token, trader.fundPassword)).toMatchObject({ code: 'pay_password_locked' });
  });

  it('never answers a right fund password "locked" when nothing was guessed wrong, however many arrive at once', async () => {
    const trader = await buildTrader(server);
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(trader.token, trader.fundPassword)));
    expect(answers.map((a) => a.type)).toEqual(Array(8).fill('ok'));
    await server.expectLedgerSound();
  });

  it('locks each user apart', async () => {
    const [a, b] = [await buildTrader(server), await buildTrader(server)];
    for (let i = 0; i < limits.payPasswordStrikesMax; i += 1) await withdraw(a.token, '000000');
    expect(await withdraw(a.token, a.fundPassword)).toMatchObject({ code: 'pay_password_locked' });
    expect(await withdraw(b.token, b.fundPassword)).toMatchObject({ type: 'ok' });
  });
});

describe('login lock-out', () => {
  const login = (account: string, password: string, ip: string) => server.attempt(calls.userLogin, { user_string: account, password }, { ip });

  it('counts failures only: signing in many times never locks the owner out', async () => {
    const user = await buildUser(server);
    for (let i = 0; i < 15; i += 1) expect(await login(user.email, user.password, '203.0.113.1')).toMatchObject({ type: 'ok' });
  });

  it('stops one address after 5 failures on one account for 15 minutes, while the owner elsewhere still gets in', async () => {
    const user = await buildUser(server);
    for (let i = 0; i < limits.loginStrikesPerDeviceMax; i += 1) {
      expect(await login(user.email, 'wrong-pass-1', '203.0.113.2')).toMatchObject({ code: 'login_failed' });
    }
    // even the right password waits: the address is guessing
    expect(await login(user.email, user.password, '203.0.113.2')).toMatchObject({
      code: 'login_locked',
      message: 'Too many failed logins, try again in 900 s',
    });
    expect(await login(user.email, user.password, '203.0.113.3')).toMatchObject({ type: 'ok' });
    clock.advance(15 * MINUTE);
    expect(await login(user.email, user.password, '203.0.113.2')).toMatchObject({ type: 'ok' });
  });

  it('slows an account hammered from many addresses with a growing delay, but not its owner on their own device', async () => {
    const user = await buildUser(server);
    const owner = '203.0.113.50';
    expect(await login(user.email, user.password, owner)).toMatchObject({ type: 'ok' });
    let n = 0;
    const attacker = () => `198.51.100.${(n += 1)}`;
    for (let i = 0; i < limits.loginStrikesPerAccountFree; i += 1) {
      expect(await login(user.email, 'wrong-pass-1', attacker())).toMatchObject({ code: 'login_failed' });
    }
    // past the free failures: wait 1 s, then 2 s, then 4 s... from any address the account has not signed in from
    expect(await login(user.email, 'wrong-pass-1', attacker())).toMatchObject({ code: 'login_locked', message: expect.stringContaining('1 s') });
    clock.advance(1000);
    expect(await login(user.email, 'wrong-pass-1', attacker())).toMatchObject({ code: 'login_failed' });
    expect(await login(user.email, 'wrong-pass-1', attacker())).toMatchObject({ code: 'login_locked', message: expect.stringContaining('2 s') });
    clock.advance(1000);
    expect(await login(user.email, user.password, attacker())).toMatchObject({ code: 'login_locked', message: expect.stringContaining('1 s') });
    // the owner's device is spared
    expect(await login(user.email, user.password, owner)).toMatchObject({ type: 'ok' });
    clock.advance(1000);
    expect(await login(user.email, 'wrong-pass-1', attacker())).toMatchObject({ code: 'login_failed' });
    expect(await login(user.email, 'wrong-pass-1', attacker())).toMatchObject({ code: 'login_locked', message: expect.stringContaining('4 s') });
  });
});

describe('staff console lock-out', () => {
  const password = 'Staff-pass-long-1';
  const signIn = (email: string, pass: string, ip: string) => server.attempt(calls.adminLogin, { email, password: pass }, { ip });
  const code = (secret: string) => generate({ secret, epoch: Math.floor(server.clock() / 1000) });

  /** A reviewer whose authenticator is enrolled, having signed in once from `ip`. */
  async function reviewerAt(ip: string) {
    const staff = await buildStaff(server, { role: 'reviewer', password });
    const step = await server.call(calls.adminLogin, { email: staff.email, password }, { ip });
    const secret = step.message.setup!.secret;
    await server.call(calls.adminLoginTotp, { ticket: step.message.ticket, code: await code(secret) }, { ip });
    clock.advance(30_000); // the next sign-in needs a new code: a used one is refused
    return { ...staff, secret };
  }
  const fullSignIn = async (staff: { email: string; secret: string }, ip: string) => {
    const step = await signIn(staff.email, password, ip);
    if (step.type !== 'ok') return step;
    const answer = await server.attempt(calls.adminLoginTotp, { ticket: step.message.ticket, code: await code(staff.secret) }, { ip });
    clock.advance(30_000);
    return answer;
  };

  it('counts failures only: wrong passwords from elsewhere do not keep the owner out', async () => {
    const owner = '203.0.113.60';
    const staff = await reviewerAt(owner);
    for (let i = 0; i < limits.loginStrikesPerDeviceMax; i += 1) {
      expect(await signIn(staff.email, 'wrong-password-1', '198.51.100.60')).toMatchObject({ code: 'login_failed' });
    }
    // the guessing address waits; the owner, from their address or a new one, does not
    expect(await signIn(staff.email, password, '198.51.100.60')).toMatchObject({ code: 'login_locked' });
    expect(await fullSignIn(staff, owner)).toMatchObject({ type: 'ok' });
    expect(await fullSignIn(staff, '203.0.113.61')).toMatchObject({ type: 'ok' });
    // signing in many times counts nothing
    for (let i = 0; i < 8; i += 1) expect(await fullSignIn(staff, owner)).toMatchObject({ type: 'ok' });
  });

  it('counts a wrong code after a right password as a failure, so codes cannot be guessed behind a known password', async () => {
    const staff = await reviewerAt('203.0.113.70');
    const guesser = '198.51.100.70';
    for (let i = 0; i < limits.loginStrikesPerDeviceMax; i += 1) {
      const step = await server.call(calls.adminLogin, { email: staff.email, password }, { ip: guesser });
      expect(await server.refused(calls.adminLoginTotp, { ticket: step.message.ticket, code: '000000' }, { ip: guesser })).toMatchObject({ code: 'totp_code_wrong' });
    }
    expect(await fullSignIn(staff, guesser)).toMatchObject({ code: 'login_locked' });
    expect(await fullSignIn(staff, '203.0.113.70')).toMatchObject({ type: 'ok' });
  });
});

describe('guessing counts shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `test-strikes-${randomBytes(6).toString('hex')}:`;
  const connections = [new Redis(redisUrl), new Redis(redisUrl)];
  afterAll(async () => {
    const keys = await connections[0]!.keys(`${prefix}*`);
    if (keys.length) await connections[0]!.del(...keys);
    await Promise.all(connections.map((c) => c.quit()));
  });

  it('locks the fund password in every process once the tries of all of them reach the limit', async () => {
    const [one, two] = connections.map((c) => redisStrikes(c, prefix)) as [ReturnType<typeof redisStrikes>, ReturnType<typeof redisStrikes>];
    const t = Date.UTC(2026, 10, 24, 12);
    const wrong = async () => false;
    const code = (p: Promise<void>) => p.then(() => 'ok', (e: Rejection) => e.code);
    for (let i = 0; i < limits.payPasswordStrikesMax - 1; i += 1) {
      expect(await code(guardPayPassword(i % 2 ? one : two, 7n, t + i, wrong))).toBe('pay_password_wrong');
    }
    expect(await code(guardPayPassword(one, 7n, t + 10, wrong))).toBe('pay_password_locked');
    expect(await code(guardPayPassword(two, 7n, t + 20, async () => true))).toBe('pay_password_locked');
    expect(await code(guardPayPassword(two, 7n, t + 10 + limits.payPasswordLockMs, async () => true))).toBe('ok');
  });
});
