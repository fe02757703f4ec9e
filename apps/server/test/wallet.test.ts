import { sql, type ExpressionBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mustParseUnits } from '@tidemark/core';
import { calls } from '@tidemark/protocol';
import { approveDeposit, approveWithdrawal, rejectDeposit, rejectWithdrawal, settleWithdrawalOnChain } from '../src/modules/wallet/review';
import { buildSignedInUser, buildStaff, buildTrader, DEPOSIT_ADDRESSES, fundWallet, openDeposits, TRADER_DEFAULTS } from '../src/testing/factories';
import type { Database } from '../src/db/schema';
import { malformed, onPostgres, startTestServer, type Answer, type Form, type TestServer } from './harness';

const BTC = 1n;
const USDT = 3n;
const BNB = 4n;
let server: TestServer;

beforeAll(async () => {
  // no simulated ticks during the suite: prices stay at the pairs' reference prices
  server = await startTestServer({ market: { stepMs: 3_600_000 } });
});
afterAll(() => server.close());

const walletOf = async (token: string) => (await server.call(calls.walletList, {}, { token })).message;
const usdtRow = <Row extends { currency: number }>(wallet: { balance: Row[] }) => wallet.balance.find((b) => b.currency === 3)!;

describe('wallet list', () => {
  it('shows the four wallets with balances valued in USDT and the platform flag', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '1500.5'], [BTC, '0.5']] });
    const list = await walletOf(user.token);
    expect(list.is_open_CTbi).toBe(1);
    expect(usdtRow(list.change_wallet)).toMatchObject({ change_balance: '1500.50000000', lock_change_balance: '0.00000000', usdt_price: '1.00000000' });
    // BTC at its reference price of 67000 USDT: 0.5 BTC is 33500 USDT
    expect(list.change_wallet.usdt_totle).toBe(35000.5);
    expect(list.lever_wallet.usdt_totle).toBe(0);
    // BNB is spot-only: it appears in the spot wallet and nowhere else
    const ids = (w: { balance: { currency: number }[] }) => w.balance.map((b) => b.currency);
    expect(ids(list.change_wallet)).toContain(Number(BNB));
    expect(ids(list.lever_wallet)).not.toContain(Number(BNB));
    expect(await server.refused(calls.walletList)).toMatchObject({ type: '999' });
  });

  it('says when the platform is closed, and refuses deposits and withdrawals then', async () => {
    const scratch = await startTestServer();
    try {
      await scratch.db.updateTable('setting').set({ value: '0' }).where('key', '=', 'platform_open').execute();
      const user = await buildSignedInUser(scratch);
      expect((await scratch.call(calls.walletList, {}, { token: user.token })).message.is_open_CTbi).toBe(0);
      const out = await scratch.refused(calls.walletOut, { currency: '3', number: '10', address: 'x', pay_password: '123456' }, { token: user.token });
      expect(out).toMatchObject({ code: 'platform_closed', message: 'Not open yet' });
    } finally {
      await scratch.close();
    }
  });
});

describe('transfers', () => {
  it('moves money between wallets in one ledger transaction, logged in every language', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const answer = await server.call(calls.walletChange, { number: '40', from_field: 'change', to_field: 'lever', currency_id: '3' }, { token: user.token });
    expect(answer).toEqual({ type: 'ok', message: 'Transfer completed' });
    const list = await walletOf(user.token);
    expect(usdtRow(list.change_wallet).change_balance).toBe('60.00000000');
    expect(usdtRow(list.lever_wallet).lever_balance).toBe('40.00000000');
    const log = await server.call(calls.accountList, { limit: '20', page: '1' }, { token: user.token, lang: 'jp' });
    expect(log.message.data.slice(0, 2)).toEqual([
      expect.objectContaining({ account: 'lever', info: '現物口座から振替', value: '40.00000000' }),
      expect.objectContaining({ account: 'change', info: '先物口座へ振替', value: '-40.00000000' }),
    ]);
    const row = await server.db
      .selectFrom('wallet_log')
      .innerJoin('wallet_log_text as text', 'text.id', 'wallet_log.text_id')
      .selectAll('text')
      .where('user_id', '=', user.id)
      .orderBy('wallet_log.id', 'desc')
      .executeTakeFirstOrThrow();
    expect([row.info, row.type_info_e, row.type_info_m, row.type_info_k, row.type_info_s]).toEqual([
      '由币币账户划入',
      'Transfer from spot account',
      '由幣幣賬戶劃入',
      '현물 계정에서 이체',
      'Transferencia desde cuenta spot',
    ]);
    await server.expectLedgerSound();
  });

  it.each([
    [{ from_field: 'change', to_field: 'change' }, 'transfer_same_account'],
    [{ from_field: 'change', to_field: 'savings' }, 'transfer_account_invalid'],
    [{ number: '0' }, 'amount_not_positive'],
    [{ number: '1.123456789' }, 'amount_too_many_decimals'],
    [{ number: '100000000' }, 'transfer_too_large'],
    [{ number: '101' }, 'insufficient_balance'],
    [{ currency_id: '4' }, 'transfer_not_allowed'],
  ])('refuses %j with %s and changes nothing', async (overrides, code) => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const form = { number: '10', from_field: 'change', to_field: 'lever', currency_id: '3', ...overrides };
    expect(await server.refused(calls.walletChange, form, { token: user.token })).toMatchObject({ type: 'error', code });
    expect(usdtRow((await walletOf(user.token)).change_wallet).change_balance).toBe('100.00000000');
    await server.expectLedgerSound();
  });

  it.runIf(onPostgres)('runs a transfer again when PostgreSQL ends it to break a deadlock, so the trader never sees it', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const form = { number: '10', from_field: 'change', to_field: 'lever', currency_id: '3' };
    await server.call(calls.walletChange, form, { token: user.token });
    const usdt = (wallet: 'change' | 'lever') => (eb: ExpressionBuilder<Database, 'account'>) =>
      eb.and([eb('user_id', '=', user.id), eb('currency_id', '=', USDT), eb('wallet', '=', wallet)]);
    let answer: Promise<unknown> | undefined;
    // another writer locks the two rows the transfer locks, in the other order: the transfer
    // (the database's default 1 s before it looks for a circle) is the one the database ends
    await server.db.transaction().execute(async (trx) => {
      await sql`set local deadlock_timeout = '10s'`.execute(trx);
      await trx.updateTable('account').set({ frozen_units: 0n }).where(usdt('lever')).execute();
      const { xid } = (await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx)).rows[0]!;
      answer = server.attempt(calls.walletChange, form, { token: user.token });
      const waiting = sql<{ n: string }>`select count(*)::text as n from pg_locks where locktype = 'transactionid' and not granted and transactionid::text = ${xid}`;
      await vi.waitFor(async () => expect((await waiting.execute(server.db)).rows[0]!.n).toBe('1'), { timeout: 10_000 });
      await trx.updateTable('account').set({ frozen_units: 0n }).where(usdt('change')).execute();
    });
    expect(await answer).toEqual({ type: 'ok', message: 'Transfer completed' });
    expect(usdtRow((await walletOf(user.token)).lever_wallet).lever_balance).toBe('20.00000000');
    await server.expectLedgerSound();
  });

  it('lets 50 simultaneous transfers of the whole balance succeed exactly once', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '77.7']] });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.attempt(calls.walletChange, { number: '77.7', from_field: 'change', to_field: 'micro', currency_id: '3' }, { token: user.token }),
      ),
    );
    expect(answers.filter((a) => a.type === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a.type === 'error').every((a) => a.code === 'insufficient_balance')).toBe(true);
    const list = await walletOf(user.token);
    expect(usdtRow(list.change_wallet).change_balance).toBe('0.00000000');
    expect(usdtRow(list.micro_wallet).micro_balance).toBe('77.70000000');
    await server.expectLedgerSound();
  });

  it('does a transfer once for a repeated Idempotency-Key', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    const form = { number: '5', from_field: 'change', to_field: 'legal', currency_id: '3' };
    const headers = { 'idempotency-key': 'tr-1' };
    await server.call(calls.walletChange, form, { token: user.token, headers });
    await server.call(calls.walletChange, form, { token: user.token, headers });
    expect(usdtRow((await walletOf(user.token)).change_wallet).change_balance).toBe('95.00000000');
    await server.expectLedgerSound();
  });
});

describe('address book and bank card', () => {
  it('checks each address by its network, checksum included, in the caller’s language', async () => {
    const user = await buildTrader(server);
    const add = (currency_id: string, netType: string, address: string) =>
      server.attempt(calls.walletAddAddress, { currency_id, netType, address }, { token: user.token, lang: 'en' });
    const wrong = (network: string) => ({ type: 'error', code: 'address_wrong_network', message: `This is not a valid ${network} address: check it and try again` });
    // USDT follows the chosen network
    expect(await add('3', 'ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatchObject({ type: 'ok' });
    expect(await add('3', 'ERC20', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual(wrong('ERC20'));
    expect(await add('3', 'ERC20', TRADER_DEFAULTS.address.address)).toEqual(wrong('ERC20'));
    expect(await add('3', 'TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toEqual(wrong('TRC20'));
    expect(await add('3', 'TRC20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toEqual(wrong('TRC20'));
    // BTC and ETH are checked on their own chains
    expect(await add('1', 'TRC20', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatchObject({ type: 'ok' });
    expect(await add('1', 'TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toMatchObject({ type: 'ok' });
    expect(await add('1', 'TRC20', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toEqual(wrong('BTC'));
    expect(await add('1', 'TRC20', TRADER_DEFAULTS.address.address)).toEqual(wrong('BTC'));
    expect(await add('2', 'TRC20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toMatchObject({ type: 'ok' });
    expect(await add('2', 'TRC20', TRADER_DEFAULTS.address.address)).toEqual(wrong('ERC20'));
    const zh = await server.refused(calls.walletAddAddress, { currency_id: '3', netType: 'TRC20', address: 'T123' }, { token: user.token, lang: 'zh' });
    expect(zh.message).toBe('这不是有效的 TRC20 地址，请检查后再试');
    // nothing refused was saved
    const book = async (currency: string) =>
      (await server.call(calls.walletAddresses, { currency }, { token: user.token })).message.map((row) => row.address);
    expect((await book('3')).sort()).toEqual(['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', TRADER_DEFAULTS.address.address]);
    expect((await book('1')).sort()).toEqual(['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4']);
  });

  it('refuses a withdrawal to a saved address that is not of its network', async () => {
    const user = await buildTrader(server);
    // saved before addresses were checked
    await server.db.updateTable('withdraw_address').set({ address: 'Tnot-an-address' }).where('user_id', '=', user.id).execute();
    const out = await server.refused(calls.walletOut, { currency: '3', number: '100', address: 'Tnot-an-address', pay_password: '123456' }, { token: user.token });
    expect(out).toMatchObject({ code: 'address_wrong_network' });
    await server.expectLedgerSound();
  });

  it('keeps addresses per user, refuses spaces and duplicates, deletes only the owner’s', async () => {
    const user = await buildTrader(server);
    const other = await buildSignedInUser(server);
    const list = await server.call(calls.walletAddresses, { currency: '3' }, { token: user.token });
    expect(list.message).toEqual([{ id: expect.any(Number), address: TRADER_DEFAULTS.address.address, nettype: 'TRC20', notes: 'cold' }]);
    const add = (form: Form<typeof calls.walletAddAddress>) => server.refused(calls.walletAddAddress, { currency_id: '3', netType: 'TRC20', ...form }, { token: user.token });
    expect(await add({ address: 'has space' })).toMatchObject({ code: 'address_invalid' });
    expect(await add({ address: '0xabc', notes: 'two words' })).toMatchObject({ code: 'notes_invalid' });
    expect(await add({ address: TRADER_DEFAULTS.address.address })).toMatchObject({ code: 'address_exists' });
    expect(await add({ address: '' })).toMatchObject({ code: 'address_required' });
    expect((await server.call(calls.walletAddresses, { currency: '3' }, { token: other.token })).message).toEqual([]);
    const id = String(list.message[0]!.id);
    expect(await server.refused(calls.walletDeleteAddress, { address_id: id }, { token: other.token })).toMatchObject({ code: 'address_not_found' });
    await server.call(calls.walletDeleteAddress, { address_id: id }, { token: user.token });
  });

  it('binds a bank card and shows it in cash_info', async () => {
    const user = await buildSignedInUser(server);
    expect((await server.call(calls.userCashInfo, malformed({ currency: '3' }), { token: user.token })).message).toEqual({});
    await server.call(calls.userBankBind, { bank_account: '6222 0000 1111 2222', bank_name: 'ICBC', real_name: 'Ada' }, { token: user.token });
    expect((await server.call(calls.userCashInfo, {}, { token: user.token })).message).toEqual({
      bank_account: '6222000011112222',
      bank_name: 'ICBC',
      real_name: 'Ada',
    });
  });
});

describe('withdrawals', () => {
  const out = (token: string, form: Form<typeof calls.walletOut>) =>
    server.attempt(calls.walletOut, { currency: '3', number: '100', address: TRADER_DEFAULTS.address.address, rate: '0', pay_password: '123456', ...form }, { token });

  it('freezes the amount at request with the server’s fee, then pays out on approval', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '1000']] });
    expect(await out(user.token, { number: '100' })).toEqual({ type: 'ok', message: 'Withdrawal submitted, awaiting review' });
    expect(usdtRow((await walletOf(user.token)).change_wallet)).toMatchObject({ change_balance: '900.00000000', lock_change_balance: '100.00000000' });
    const w = (await server.call(calls.walletWithdrawList, { page: '1' }, { token: user.token })).message.list[0]!;
    expect(w).toMatchObject({ status: 0, status_name: 'applying', number: '100.00000000', fee: '1.00000000', received: '99.00000000', network: 'TRC20' });

    const staff = await buildStaff(server);
    await approveWithdrawal(server.db, staff.id, BigInt(w.id), server.clock());
    await expect(approveWithdrawal(server.db, staff.id, BigInt(w.id), server.clock())).rejects.toMatchObject({ code: 'not_pending' });
    expect(usdtRow((await walletOf(user.token)).change_wallet)).toMatchObject({ change_balance: '900.00000000', lock_change_balance: '0.00000000' });
    await settleWithdrawalOnChain(server.db, staff.id, BigInt(w.id), { ok: true, hash: '0xfeed' }, server.clock());
    expect((await server.call(calls.walletWithdrawList, {}, { token: user.token })).message.list[0]).toMatchObject({ status: 2, status_name: 'chain_success', hash: '0xfeed' });
    await server.expectLedgerSound();
  });

  it('returns the money on rejection and on chain failure', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '1000']] });
    const staff = await buildStaff(server);
    await out(user.token, { number: '100' });
    await out(user.token, { number: '200' });
    const [second, first] = (await server.call(calls.walletWithdrawList, {}, { token: user.token })).message.list;
    await rejectWithdrawal(server.db, staff.id, BigInt(first!.id), server.clock());
    await approveWithdrawal(server.db, staff.id, BigInt(second!.id), server.clock());
    await settleWithdrawalOnChain(server.db, staff.id, BigInt(second!.id), { ok: false }, server.clock());
    expect(usdtRow((await walletOf(user.token)).change_wallet)).toMatchObject({ change_balance: '1000.00000000', lock_change_balance: '0.00000000' });
    const statuses = (await server.call(calls.walletWithdrawList, {}, { token: user.token })).message.list.map((w) => w.status_name);
    expect(statuses).toEqual(['chain_failure', 'rejected']);
    const audit = await server.db.selectFrom('audit_log').select('action').where('staff_id', '=', staff.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.reject', 'withdrawal.approve', 'withdrawal.chain_failure']);
    await server.expectLedgerSound();
  });

  it.each([
    [{ number: '5' }, 'withdraw_below_min', 'The amount is under the minimum of 10.00'],
    [{ number: '100001' }, 'withdraw_above_max', undefined],
    [{ number: '1001' }, 'insufficient_balance', undefined],
    [{ pay_password: '654321' }, 'pay_password_wrong', undefined],
    [{ pay_password: '12' }, 'pay_password_wrong', undefined],
    [{ address: 'Tnot-in-my-book' }, 'address_required', undefined],
    [{ currency: '9999', address: '--' }, 'bank_unbound', undefined],
  ])('refuses %j with %s and freezes nothing', async (overrides, code, message) => {
    const user = await buildTrader(server, { funds: [[USDT, '1000']] });
    const answer = await out(user.token, overrides);
    expect(answer).toMatchObject({ type: 'error', code, ...(message ? { message } : {}) });
    expect(usdtRow((await walletOf(user.token)).change_wallet).lock_change_balance).toBe('0.00000000');
    await server.expectLedgerSound();
  });

  it('needs a fund password to be set', async () => {
    const user = await buildSignedInUser(server);
    await fundWallet(server, user.id, USDT, '100');
    expect(await out(user.token, { number: '20' })).toMatchObject({ code: 'pay_password_unset' });
  });

  it('keeps to the daily limit across requests', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '500000']] });
    await server.db.updateTable('currency_withdraw').set({ daily_limit_units: mustParseUnits('250') }).where('currency_id', '=', USDT).execute();
    try {
      expect((await out(user.token, { number: '200' })).type).toBe('ok');
      expect(await out(user.token, { number: '60' })).toMatchObject({ code: 'withdraw_daily_limit', message: 'Over the daily withdrawal limit; 50.00 left today' });
      const info = await server.call(calls.walletWithdrawInfo, { currency: '3' }, { token: user.token });
      expect(info.message).toMatchObject({ min_number: '10.00000000', rate: '1.00000000', daily_limit: '250.00000000', daily_remaining: '50.00000000' });
    } finally {
      await server.db.updateTable('currency_withdraw').set({ daily_limit_units: mustParseUnits('200000') }).where('currency_id', '=', USDT).execute();
    }
  });

  it('withdraws to the bound bank card with currency 9999', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    await server.call(calls.userBankBind, { bank_account: '6222000011112222', bank_name: 'ICBC', real_name: 'Ada' }, { token: user.token });
    expect((await out(user.token, { currency: '9999', address: '--', number: '50' })).type).toBe('ok');
    const w = (await server.call(calls.walletWithdrawList, {}, { token: user.token })).message.list[0];
    expect(w).toMatchObject({ network: 'Bank', address: 'ICBC 6222000011112222', currency_name: 'USDT' });
  });

  it('lets 50 simultaneous withdrawals of the whole balance succeed exactly once', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '150']] });
    const answers = await Promise.all(Array.from({ length: 50 }, () => out(user.token, { number: '150' })));
    expect(answers.filter((a) => a.type === 'ok')).toHaveLength(1);
    expect(usdtRow((await walletOf(user.token)).change_wallet)).toMatchObject({ change_balance: '0.00000000', lock_change_balance: '150.00000000' });
    await server.expectLedgerSound();
  });
});

describe('deposits', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  async function upload(token: string, bytes: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'proof.png');
    const answer = await fetch(new URL(calls.upload.path, server.url), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return ((await answer.json()) as Answer<typeof calls.upload>).message;
  }

  it('shows the configured addresses, takes an application, and credits it once on approval', async () => {
    const user = await buildSignedInUser(server);
    const inAddress = async () => (await server.call(calls.walletInAddress, { currency: '3', requestType: 'pc' }, { token: user.token })).message;
    // nothing configured yet: each network is answered empty (never a placeholder) and deposits are not open
    expect(await inAddress()).toEqual({ ETH: '', Trc20: '' });
    const pic = await upload(user.token, PNG);
    expect(await server.refused(calls.walletChargeReq, { currency: '3', amount: '250', pic }, { token: user.token })).toMatchObject({ code: 'deposit_not_offered' });
    // staff configure the TRC20 address: that network opens, ERC20 stays closed
    await openDeposits(server, ['Trc20']);
    expect(await inAddress()).toEqual({ ETH: '', Trc20: DEPOSIT_ADDRESSES.Trc20 });
    expect(await server.call(calls.walletChargeReq, { currency: '3', amount: '250', pic }, { token: user.token })).toEqual({
      type: 'ok',
      message: 'Top-up application submitted',
    });
    const d = (await server.call(calls.walletChargeList, {}, { token: user.token })).message.list[0]!;
    expect(d).toMatchObject({ status: 0, status_name: 'pending', amount: '250.00000000', currency_name: 'USDT' });
    expect(usdtRow((await walletOf(user.token)).change_wallet).change_balance).toBe('0.00000000');

    const staff = await buildStaff(server);
    await approveDeposit(server.db, staff.id, BigInt(d.id), server.clock());
    await expect(approveDeposit(server.db, staff.id, BigInt(d.id), server.clock())).rejects.toMatchObject({ code: 'not_pending' });
    await Promise.allSettled([approveDeposit(server.db, staff.id, BigInt(d.id), server.clock()), approveDeposit(server.db, staff.id, BigInt(d.id), server.clock())]);
    expect(usdtRow((await walletOf(user.token)).change_wallet).change_balance).toBe('250.00000000');
    const records = await server.call(calls.walletLegalLog, { type: '2', currency: '3', page: '1' }, { token: user.token, lang: 'hk' });
    expect(records.message.list[0]).toMatchObject({ value: '250.00000000', text: '充值到賬', info: '充值到賬', info_zh: '充值到账', info_en: 'Deposit credited', type_info_e: 'Deposit credited' });
    await server.expectLedgerSound();
  });

  it('changes no balance on rejection', async () => {
    await openDeposits(server);
    const user = await buildSignedInUser(server);
    const pic = await upload(user.token, PNG);
    await server.call(calls.walletChargeReq, { currency: '1', amount: '1', pic }, { token: user.token });
    const d = (await server.call(calls.walletChargeList, {}, { token: user.token })).message.list[0]!;
    await rejectDeposit(server.db, (await buildStaff(server)).id, BigInt(d.id), server.clock());
    expect((await server.call(calls.walletChargeList, {}, { token: user.token })).message.list[0]!.status_name).toBe('rejected');
    expect((await walletOf(user.token)).change_wallet.usdt_totle).toBe(0);
    await server.expectLedgerSound();
  });

  it.each([
    ['a screenshot over 500 KB', 'big', 'upload_too_large'],
    ['no screenshot', '', 'upload_missing'],
    ['a currency without deposits', 'bnb', 'deposit_not_offered'],
  ])('refuses %s', async (_what, variant, code) => {
    await openDeposits(server);
    const user = await buildSignedInUser(server);
    const pic = variant === '' ? '' : await upload(user.token, variant === 'big' ? Buffer.concat([PNG, Buffer.alloc(600 * 1024)]) : PNG);
    const answer = await server.refused(calls.walletChargeReq, { currency: variant === 'bnb' ? '4' : '3', amount: '10', pic }, { token: user.token });
    expect(answer).toMatchObject({ type: 'error', code });
  });
});

describe('other wallet calls', () => {
  it('answers coin/deal, currencylist and user_currency_list', async () => {
    const user = await buildTrader(server, { funds: [[BTC, '0.25']] });
    expect((await server.call(calls.coinDeal, { legal_id: '3', currency_id: '1' }, { token: user.token })).message).toEqual({
      user_currency: { currency: 1, name: 'BTC', balance: '0.25000000', lock_balance: '0.00000000' },
      user_legal: { currency: 3, name: 'USDT', balance: '0.00000000', lock_balance: '0.00000000' },
    });
    expect((await server.call(calls.walletCurrencyList, {}, { token: user.token })).message.slice(0, 3)).toEqual([
      { id: 1, name: 'BTC' },
      { id: 2, name: 'ETH' },
      { id: 3, name: 'USDT' },
    ]);
    const list = (await server.call(calls.userCurrencyList, {}, { token: user.token })).message;
    expect(list[0]).toEqual({
      id: 1,
      name: 'BTC',
      change_balance: '0.25000000',
      usdt_price: '67000.00000000',
      is_legal: 1,
      is_lever: 1,
      is_match: 1,
      is_micro: 1,
    });
  });

  it('creates the funded demo trader on the embedded default, once', async () => {
    const demo = await startTestServer({ env: { DEMO: '1', DEMO_PASSWORD: 'demo1234' } });
    try {
      const login = await demo.call(calls.userLogin, { user_string: 'demo@tidemark.local', password: 'demo1234' });
      const list = await demo.call(calls.walletList, {}, { token: login.message });
      const rows = list.message.change_wallet.balance;
      expect(rows.find((r) => r.currency === 3)!.change_balance).toBe('100000.00000000');
      expect(rows.find((r) => r.currency === 1)!.change_balance).toBe('2.00000000');
      expect(rows.find((r) => r.currency === 2)!.change_balance).toBe('20.00000000');
      await demo.expectLedgerSound();
    } finally {
      await demo.close();
    }
  });
});
