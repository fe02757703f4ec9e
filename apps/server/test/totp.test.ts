import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { manualClock, type ManualClock } from '@tidemark/core';
import { calls, limits } from '@tidemark/protocol';
import { buildTrader, type Trader } from '../src/testing/factories';
import { startTestServer, type Form, type TestServer } from './harness';

// Traders' authenticator app through real HTTP: set-up with its first code, recovery codes good
// once, the sign-in's second step, withdrawals, replays and the guessing lock, turning it off.

const STEP_MS = 30_000;
let server: TestServer;
let clock: ManualClock;

beforeAll(async () => {
  clock = manualClock(Date.UTC(2026, 10, 24, 12));
  server = await startTestServer({ market: { clock, flushMs: 3_600_000, feed: () => ({ start: async () => {}, stop: async () => {} }) } });
});
afterAll(() => server.close());

const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock() / 1000) });
const login = (trader: Trader, extra: Form<typeof calls.userLogin> = {}, ip?: string) =>
  server.attempt(calls.userLogin, { user_string: trader.email, password: trader.password, ...extra }, ip ? { ip } : {});
const withdraw = (trader: Trader, extra: Form<typeof calls.walletOut> = {}) =>
  server.attempt(calls.walletOut, { currency: '3', number: '10', address: trader.address.address, pay_password: trader.fundPassword, ...extra }, { token: trader.token });
const withdrawals = async (trader: Trader) =>
  ((await server.call(calls.walletWithdrawList, { page: '1' }, { token: trader.token })).message.list).length;
const info = async (trader: Trader) => (await server.call(calls.userInfo, {}, { token: trader.token })).message;

/** A trader with the authenticator on: its secret and recovery codes. */
async function withTotp(): Promise<{ trader: Trader; secret: string; recovery: string[] }> {
  const trader = await buildTrader(server);
  const setup = await server.call(calls.userTotpSetup, {}, { token: trader.token });
  const secret = setup.message.secret;
  const enabled = await server.call(calls.userTotpEnable, { code: await codeNow(secret), password: trader.password }, { token: trader.token });
  clock.advance(STEP_MS);
  return { trader, secret, recovery: enabled.message.recovery_codes };
}

describe('setting up the authenticator', () => {
  it('turns on with the first code of the scanned secret and answers the recovery codes once', async () => {
    const trader = await buildTrader(server);
    expect(await info(trader)).toMatchObject({ totp_on: 0 });
    expect(await server.refused(calls.userTotpEnable, { code: '123456', password: trader.password }, { token: trader.token })).toMatchObject({ code: 'totp_setup_missing' });

    const setup = await server.call(calls.userTotpSetup, {}, { token: trader.token });
    expect(setup.message.otpauth_url).toMatch(/^otpauth:\/\/totp\/Tidemark:.*secret=/);
    const secret = setup.message.secret;
    // pending: nothing is asked yet
    expect(await info(trader)).toMatchObject({ totp_on: 0 });
    expect(await login(trader)).toMatchObject({ type: 'ok' });

    expect(await server.refused(calls.userTotpEnable, { code: '000000', password: trader.password }, { token: trader.token })).toMatchObject({ code: 'totp_code_wrong' });
    // the session alone (a stolen one) cannot turn it on and lock the owner out
    expect(await server.refused(calls.userTotpEnable, { code: await codeNow(secret) }, { token: trader.token })).toMatchObject({ code: 'password_required' });
    expect(await server.refused(calls.userTotpEnable, { code: await codeNow(secret), password: 'Wrong-pass1' }, { token: trader.token })).toMatchObject({
      code: 'login_password_wrong',
    });
    expect(await info(trader)).toMatchObject({ totp_on: 0 });
    const enabled = await server.call(calls.userTotpEnable, { code: await codeNow(secret), password: trader.password }, { token: trader.token });
    const codes = enabled.message.recovery_codes;
    expect(codes).toHaveLength(limits.totpRecoveryCodes);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(await info(trader)).toMatchObject({ totp_on: 1 });

    // stored hashed only
    const stored = await server.db.selectFrom('totp_recovery').select('code_hash').where('subject_id', '=', trader.id).execute();
    expect(stored).toHaveLength(codes.length);
    for (const row of stored) expect(codes.map((c) => c.replace('-', ''))).not.toContain(row.code_hash);

    // on: no second set-up, no second enabling
    expect(await server.refused(calls.userTotpSetup, {}, { token: trader.token })).toMatchObject({ code: 'totp_already_on' });
  });
});

describe('signing in with the authenticator on', () => {
  it('asks for the code after the right password and opens no session before it', async () => {
    const { trader, secret } = await withTotp();
    const sessionsBefore = await server.db.selectFrom('session').select('id').where('user_id', '=', trader.id).execute();

    // an old client sending the password only: a clear refusal, no token
    expect(await login(trader)).toMatchObject({ type: 'error', code: 'totp_required', message: 'Enter the 6-digit code from your authenticator app' });
    // a wrong password is still just a wrong password
    expect(await server.refused(calls.userLogin, { user_string: trader.email, password: 'Wrong-pass1', totp_code: '000000' })).toMatchObject({ code: 'login_failed' });
    expect(await login(trader, { totp_code: '000000' })).toMatchObject({ code: 'totp_code_wrong' });
    expect(await server.db.selectFrom('session').select('id').where('user_id', '=', trader.id).execute()).toHaveLength(sessionsBefore.length);

    const code = await codeNow(secret);
    const signedIn = await login(trader, { totp_code: code });
    expect(signedIn).toMatchObject({ type: 'ok', message: expect.any(String) });
    expect(await server.call(calls.userInfo, {}, { token: signedIn.message })).toMatchObject({ type: 'ok', message: { totp_on: 1 } });

    // the same code again (a replay, even within its 30 s) is refused
    expect(await login(trader, { totp_code: code })).toMatchObject({ code: 'totp_code_wrong' });
    clock.advance(STEP_MS);
    expect(await login(trader, { totp_code: await codeNow(secret) })).toMatchObject({ type: 'ok' });
  });

  it('refuses an expired code', async () => {
    const { trader, secret } = await withTotp();
    const code = await codeNow(secret);
    clock.advance(3 * STEP_MS);
    expect(await login(trader, { totp_code: code })).toMatchObject({ code: 'totp_code_wrong' });
  });

  it('takes each recovery code once', async () => {
    const { trader, recovery } = await withTotp();
    expect(await login(trader, { totp_code: recovery[0]!.toLowerCase() })).toMatchObject({ type: 'ok' });
    expect(await login(trader, { totp_code: recovery[0]! })).toMatchObject({ code: 'totp_code_wrong' });
    expect(await login(trader, { totp_code: recovery[1]!.replace('-', '') })).toMatchObject({ type: 'ok' });
  });

  it('counts wrong codes as failed logins, so guessing locks like wrong passwords', async () => {
    const { trader, secret } = await withTotp();
    const ip = '203.0.113.7';
    for (let i = 0; i < limits.loginStrikesPerDeviceMax; i += 1) expect(await login(trader, { totp_code: '000000' }, ip)).toMatchObject({ code: 'totp_code_wrong' });
    expect(await login(trader, { totp_code: await codeNow(secret) }, ip)).toMatchObject({ code: 'login_locked' });
    clock.advance(limits.loginStrikeWindowMs);
  });
});

describe('withdrawing with the authenticator on', () => {
  it('refuses a withdrawal without a code or with a wrong or replayed one, and takes a good one', async () => {
    const { trader, secret } = await withTotp();
    expect(await withdraw(trader)).toMatchObject({ code: 'totp_required' });
    expect(await withdraw(trader, { totp_code: '000000' })).toMatchObject({ code: 'totp_code_wrong' });
    expect(await withdrawals(trader)).toBe(0);

    const code = await codeNow(secret);
    expect(await withdraw(trader, { totp_code: code })).toMatchObject({ type: 'ok' });
    expect(await withdraw(trader, { totp_code: code })).toMatchObject({ code: 'totp_code_wrong' });
    expect(await withdrawals(trader)).toBe(1);
    await server.expectLedgerSound();
  });

  it('spends a code only with a withdrawal that is made', async () => {
    const { trader, secret } = await withTotp();
    const code = await codeNow(secret);
    expect(await withdraw(trader, { totp_code: code, number: '1000000' })).toMatchObject({ type: 'error' });
    expect(await withdraw(trader, { totp_code: code })).toMatchObject({ type: 'ok' });
    await server.expectLedgerSound();
  });

  it('locks the authenticator after repeated wrong codes, telling the time left', async () => {
    const { trader, secret } = await withTotp();
    for (let i = 0; i < limits.totpStrikesMax - 1; i += 1) expect(await withdraw(trader, { totp_code: '000000' })).toMatchObject({ code: 'totp_code_wrong' });
    expect(await withdraw(trader, { totp_code: '000000' })).toMatchObject({ code: 'totp_locked', message: 'Too many wrong authenticator codes: locked, try again in 15 min' });
    expect(await withdraw(trader, { totp_code: await codeNow(secret) })).toMatchObject({ code: 'totp_locked' });
    clock.advance(limits.totpLockMs);
    expect(await withdraw(trader, { totp_code: await codeNow(secret) })).toMatchObject({ type: 'ok' });
    expect(await withdrawals(trader)).toBe(1);
    await server.expectLedgerSound();
  });
});

describe('turning the authenticator off', () => {
  it('needs a current code or a recovery code, then asks nothing again', async () => {
    const { trader, secret, recovery } = await withTotp();
    expect(await server.refused(calls.userTotpDisable, { code: '000000' }, { token: trader.token })).toMatchObject({ code: 'totp_code_wrong' });
    expect(await server.call(calls.userTotpDisable, { code: await codeNow(secret) }, { token: trader.token })).toMatchObject({ type: 'ok', message: 'The authenticator app is off' });
    expect(await info(trader)).toMatchObject({ totp_on: 0 });
    expect(await server.db.selectFrom('totp_recovery').select('code_hash').where('subject_id', '=', trader.id).execute()).toEqual([]);
    expect(await login(trader)).toMatchObject({ type: 'ok' });
    expect(await withdraw(trader)).toMatchObject({ type: 'ok' });
    expect(await server.refused(calls.userTotpDisable, { code: recovery[0]! }, { token: trader.token })).toMatchObject({ code: 'totp_not_on' });

    const again = await withTotp();
    await server.call(calls.userTotpDisable, { code: again.recovery[2]! }, { token: again.trader.token });
    await server.expectLedgerSound();
  });
});
