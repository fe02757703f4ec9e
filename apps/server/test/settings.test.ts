import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, mustParseUnits, type FeedEvent } from '@tidemark/core';
import { calls, limits, type CallSpec } from '@tidemark/protocol';
import { buildStaff, buildTrader, DEPOSIT_ADDRESSES, type SignedInUser } from '../src/testing/factories';
import { startTestServer, type Form, type TestServer } from './harness';

// The console's markets and products through real HTTP: each setting saved by an admin, refused
// for bad input (nothing changed), for a reviewer and for a trader's token, audited with before
// and after, and seen at once by the trader calls that read it.

const BTC_PAIR = 2;
const USDT = 3n;
let server: TestServer;
let admin: SignedInUser;
let reviewer: SignedInUser;
let trader: SignedInUser;
const clock = manualClock(Date.UTC(2030, 0, 15, 12, 0, 0));
let report: ((event: FeedEvent) => void) | undefined;

beforeAll(async () => {
  // a feed the test drives, for the micro order's price
  server = await startTestServer({ market: { clock, flushMs: 3_600_000, feed: () => ({ start: async (r) => void (report = r), stop: async () => {} }) } });
  admin = await buildStaff(server, { role: 'admin' });
  reviewer = await buildStaff(server, { role: 'reviewer' });
  trader = await buildTrader(server, { funds: [[USDT, '1000', 'micro']] });
});
afterAll(() => server.close());

/** Saves a setting as an admin. */
const save = <C extends CallSpec>(call: C, form: Form<C>) => server.call(call, form, { token: admin.token });
const settings = async () => (await server.call(calls.adminMarkets, {}, { token: admin.token })).message;
const lastAudit = () => server.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
const auditCount = async () => (await server.db.selectFrom('audit_log').select('id').execute()).length;

/** A refusal with `code` that changes no setting and writes no audit entry. */
async function expectRefused<C extends CallSpec>(call: C, form: Form<C>, code: string, token = admin.token) {
  const [before, entries] = [await settings(), await auditCount()];
  expect(await server.refused(call, form, { token })).toMatchObject({ type: 'error', code });
  expect(await settings()).toEqual(before);
  expect(await auditCount()).toBe(entries);
}

/** Refused for a reviewer (admins only) and for a trader's token (a staff call). */
async function expectStaffOnly<C extends CallSpec>(call: C, form: Form<C>) {
  await expectRefused(call, form, 'staff_forbidden', reviewer.token);
  const answer = await server.refused(call, form, { token: trader.token });
  expect(answer.type).toBe('999');
}

describe('deposit addresses', () => {
  it('sets an address checked by its chain, which the trader’s deposit call then answers', async () => {
    const inAddress = async () => (await server.call(calls.walletInAddress, { currency: String(USDT) }, { token: trader.token })).message;
    expect((await inAddress()).Trc20).toBe('');
    const form = { currency_id: String(USDT), network: 'Trc20', address: DEPOSIT_ADDRESSES.Trc20 };
    await expectStaffOnly(calls.adminDepositAddressSave, form);
    // an ERC20 address on Trc20, a bad checksum, BTC over Trc20: refused, nothing changed
    await expectRefused(calls.adminDepositAddressSave, { ...form, address: DEPOSIT_ADDRESSES.ETH }, 'address_wrong_network');
    await expectRefused(calls.adminDepositAddressSave, { ...form, address: `${DEPOSIT_ADDRESSES.Trc20.slice(0, -1)}W` }, 'address_wrong_network');
    await expectRefused(calls.adminDepositAddressSave, { ...form, currency_id: '1' }, 'network_invalid');
    await expectRefused(calls.adminDepositAddressSave, { ...form, network: 'SOL' }, 'network_invalid');

    await save(calls.adminDepositAddressSave, form);
    expect((await inAddress()).Trc20).toBe(DEPOSIT_ADDRESSES.Trc20);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ staff_id: admin.id, action: 'settings.deposit_address', subject: 'currency:3:Trc20' });
    expect(JSON.parse(entry.detail)).toEqual({
      before: { currency_id: 3, currency_name: 'USDT', network: 'Trc20', address: '' },
      after: { currency_id: 3, currency_name: 'USDT', network: 'Trc20', address: DEPOSIT_ADDRESSES.Trc20 },
    });
  });
});

describe('the bank account for bank-transfer deposits', () => {
  it('sets the bank, holder and number the trader’s bank deposit then shows', async () => {
    const form = { bank_name: 'Harbour Bank', card_name: 'Tidemark Ltd', card_number: 'GB33 BUKB 2020 1555 5555 55' };
    await expectStaffOnly(calls.adminBankAccountSave, form);
    await expectRefused(calls.adminBankAccountSave, { ...form, card_number: '12' }, 'bank_invalid');
    await expectRefused(calls.adminBankAccountSave, { ...form, bank_name: ' ' }, 'bank_invalid');
    await save(calls.adminBankAccountSave, form);
    const bank = (await server.call(calls.walletInAddress, { currency: '9999' }, { token: trader.token })).message.Bank;
    expect(bank).toEqual({ bkname: 'Harbour Bank', cardname: 'Tidemark Ltd', bkcardnumer: 'GB33 BUKB 2020 1555 5555 55' });
    expect(JSON.parse((await lastAudit()).detail).after).toEqual({ bank_name: 'Harbour Bank', card_name: 'Tidemark Ltd', card_number: 'GB33 BUKB 2020 1555 5555 55' });
  });
});

describe('the platform switch', () => {
  it('closes and opens deposits and withdrawals (is_open_CTbi)', async () => {
    const isOpen = async () => (await server.call(calls.walletList, {}, { token: trader.token })).message.is_open_CTbi;
    await expectStaffOnly(calls.adminPlatformSave, { open: '0' });
    await expectRefused(calls.adminPlatformSave, { open: 'yes' }, 'setting_invalid');
    await save(calls.adminPlatformSave, { open: '0' });
    expect(await isOpen()).toBe(0);
    expect(JSON.parse((await lastAudit()).detail)).toEqual({ before: { is_open_CTbi: 1 }, after: { is_open_CTbi: 0 } });
    await save(calls.adminPlatformSave, { open: '1' });
    expect(await isOpen()).toBe(1);
  });
});

describe('withdrawal limits', () => {
  it('changes a currency’s minimum, maximum, daily limit and fee, as the trader’s withdrawal info shows', async () => {
    const form = { currency_id: String(USDT), min: '20', max: '5000', daily_limit: '10000', rate: '0.5' };
    await expectStaffOnly(calls.adminWithdrawLimitSave, form);
    await expectRefused(calls.adminWithdrawLimitSave, { ...form, max: '10' }, 'setting_invalid');
    await expectRefused(calls.adminWithdrawLimitSave, { ...form, daily_limit: '100' }, 'setting_invalid');
    await expectRefused(calls.adminWithdrawLimitSave, { ...form, rate: '100' }, 'setting_invalid');
    await expectRefused(calls.adminWithdrawLimitSave, { ...form, min: '1.123456789' }, 'amount_too_many_decimals');
    await expectRefused(calls.adminWithdrawLimitSave, { ...form, currency_id: '999' }, 'currency_not_found');
    await save(calls.adminWithdrawLimitSave, form);
    const info = (await server.call(calls.walletWithdrawInfo, { currency: String(USDT) }, { token: trader.token })).message;
    expect(info).toMatchObject({ min_number: '20.00000000', max_number: '5000.00000000', daily_limit: '10000.00000000', rate: '0.50000000' });
    expect(JSON.parse((await lastAudit()).detail).after).toMatchObject({ min: '20', max: '5000', daily_limit: '10000', rate: '0.5' });
  });
});

describe('micro options', () => {
  it('adds an expiry that a micro order is then accepted for, and closes it again', async () => {
    const form = { seconds: '45', profit_ratio: '82.5', status: '1' };
    await expectStaffOnly(calls.adminMicroSecondsSave, form);
    await expectRefused(calls.adminMicroSecondsSave, { ...form, seconds: '0' }, 'setting_invalid');
    await expectRefused(calls.adminMicroSecondsSave, { ...form, profit_ratio: '-1' }, 'setting_invalid');
    const submit = () =>
      server.attempt(calls.microSubmit, { match_id: String(BTC_PAIR), currency_id: '3', type: '1', seconds: '45', number: '100' }, { token: trader.token });
    report!({ kind: 'trades', pairId: BTC_PAIR, trades: [{ timeMs: clock(), priceUnits: mustParseUnits('100'), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] });
    expect((await submit()).type).toBe('error');

    await save(calls.adminMicroSecondsSave, form);
    expect((await server.call(calls.microSeconds)).message).toContainEqual(expect.objectContaining({ seconds: 45 }));
    expect(await submit()).toMatchObject({ type: 'ok' });
    expect(JSON.parse((await lastAudit()).detail)).toEqual({ before: null, after: { seconds: 45, profit_ratio: '82.5', status: true } });

    await save(calls.adminMicroSecondsSave, { ...form, status: '0' });
    expect((await submit()).type).toBe('error');
    await server.expectLedgerSound();
  });

  it('records the trades of a pair opened for micro options after the settler started, and of a closed one with orders open: they settle at their real end prices', async () => {
    const ETH_PAIR = 1;
    const trade = (price: string) =>
      report!({ kind: 'trades', pairId: ETH_PAIR, trades: [{ timeMs: clock(), priceUnits: mustParseUnits(price), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] });
    // closed when the settler took over: it recorded none of the pair's trades
    await server.db.updateTable('micro_pair').set({ open_microtrade: 0n }).where('pair_id', '=', BigInt(ETH_PAIR)).execute();
    await server.engines.micro.lose();
    await server.engines.micro.gain(server.lead());
    const pairForm = { pair_id: String(ETH_PAIR), is_display: '1', spread: '0.05', fee: '0.1', share_num: '0.01', micro_open: '1', lever_open: '1', multiples: '5,10', hand_presets: '10', hands_min: '10', hands_max: '100', maintenance: '20' };
    await save(calls.adminPairSave, pairForm);
    trade('3000');
    const order = { match_id: String(ETH_PAIR), currency_id: '3', type: '1', seconds: '30', number: '100' };
    await server.call(calls.microSubmit, order, { token: trader.token });
    clock.advance(10_000);
    trade('3010');
    await server.engines.micro.idle();
    clock.advance(20_000 + limits.microSettleLagMs);
    await server.engines.micro.idle();
    const closed = (await server.call(calls.microLists, { status: '3' }, { token: trader.token })).message.data;
    expect(closed).toMatchObject([{ open_price: '3000.00000000', end_price: '3010.00000000', profit_result: 1 }]);

    // closed again with an order open, and another leader takes over: the order's pair is still recorded
    trade('3010');
    await server.call(calls.microSubmit, { ...order, type: '2' }, { token: trader.token });
    await save(calls.adminPairSave, { ...pairForm, micro_open: '0' });
    await server.engines.micro.lose();
    await server.engines.micro.gain(server.lead());
    clock.advance(10_000);
    trade('2990');
    await server.engines.micro.idle();
    clock.advance(20_000 + limits.microSettleLagMs);
    await server.engines.micro.idle();
    const [last] = (await server.call(calls.microLists, { status: '3' }, { token: trader.token })).message.data;
    expect(last).toMatchObject({ type: 2, open_price: '3010.00000000', end_price: '2990.00000000', profit_result: 1 });
    await server.db.updateTable('micro_pair').set({ open_microtrade: 1n }).where('pair_id', '=', BigInt(ETH_PAIR)).execute();
    await server.expectLedgerSound();
  });

  it('changes a payable currency’s stake range, fee and presets', async () => {
    const form = { currency_id: String(USDT), payable: '1', min: '5', max: '2000', fee: '2', presets: '5, 20,100,20' };
    await expectStaffOnly(calls.adminMicroCurrencySave, form);
    await expectRefused(calls.adminMicroCurrencySave, { ...form, max: '1' }, 'setting_invalid');
    await expectRefused(calls.adminMicroCurrencySave, { ...form, presets: '5,3000' }, 'setting_invalid');
    await expectRefused(calls.adminMicroCurrencySave, { ...form, presets: 'a,b' }, 'setting_invalid');
    await save(calls.adminMicroCurrencySave, form);
    const usdt = (await settings()).micro_currencies.find((c) => c.currency_id === 3);
    expect(usdt).toEqual({ currency_id: 3, currency_name: 'USDT', payable: true, min: '5', max: '2000', fee: '2', presets: ['5', '20', '100'] });
    const payable = (await server.call(calls.microPayableCurrencies, {}, { token: trader.token })).message;
    expect(JSON.stringify(payable)).toContain('2000');
  });
});

describe('pairs', () => {
  it('changes a contract pair’s display, spread, fee, contract size, leverages and hands, as the lever deal shows', async () => {
    const form = {
      pair_id: String(BTC_PAIR),
      is_display: '1',
      spread: '0.1',
      fee: '0.2',
      share_num: '0.01',
      micro_open: '1',
      lever_open: '1',
      multiples: '10,5,25',
      hand_presets: '2,5',
      hands_min: '1',
      hands_max: '50',
      maintenance: '30',
    };
    await expectStaffOnly(calls.adminPairSave, form);
    await expectRefused(calls.adminPairSave, { ...form, hands_min: '60' }, 'setting_invalid');
    await expectRefused(calls.adminPairSave, { ...form, hand_presets: '2,500' }, 'setting_invalid');
    await expectRefused(calls.adminPairSave, { ...form, multiples: '0' }, 'setting_invalid');
    await expectRefused(calls.adminPairSave, { ...form, spread: '100' }, 'setting_invalid');
    await expectRefused(calls.adminPairSave, { ...form, share_num: '0' }, 'setting_invalid');
    await expectRefused(calls.adminPairSave, { ...form, pair_id: '99' }, 'not_found');
    await save(calls.adminPairSave, form);
    const deal = (await server.call(calls.leverDeal, { currency_id: '1', legal_id: '3' }, { token: trader.token })).message;
    expect(deal).toMatchObject({
      multiple: { muit: [{ value: 5 }, { value: 10 }, { value: 25 }], share: [{ value: 2 }, { value: 5 }] },
      lever_share_limit: { min: 1, max: 50 },
      lever_share_num: '0.01000000',
    });
    const { before, after } = JSON.parse((await lastAudit()).detail);
    expect(before.lever).toMatchObject({ multiples: [5, 10, 20, 50, 100], maintenance: '20' });
    expect(after).toMatchObject({ spread: '0.1', fee: '0.2', share_num: '0.01', lever: { multiples: [5, 10, 25], maintenance: '30' } });

    // hidden from the trader's pair list
    await save(calls.adminPairSave, { ...form, is_display: '0' });
    expect((await settings()).pairs.find((p) => p.pair_id === BTC_PAIR)!.is_display).toBe(false);
  });
});

describe('the spot market maker', () => {
  it('changes a pair’s rungs, spread, step and size', async () => {
    const form = { pair_id: String(BTC_PAIR), is_active: '1', levels: '4', spread: '0.2', step: '0.1', size: '0.02' };
    await expectStaffOnly(calls.adminSpotMakerSave, form);
    await expectRefused(calls.adminSpotMakerSave, { ...form, levels: '51' }, 'setting_invalid');
    await expectRefused(calls.adminSpotMakerSave, { ...form, step: '0' }, 'setting_invalid');
    await expectRefused(calls.adminSpotMakerSave, { ...form, size: '0' }, 'setting_invalid');
    await save(calls.adminSpotMakerSave, form);
    const maker = (await settings()).spot_makers.find((m) => m.pair_id === BTC_PAIR);
    expect(maker).toEqual({ pair_id: BTC_PAIR, symbol: 'BTC/USDT', is_active: true, levels: 4, spread: '0.2', step: '0.1', size: '0.02' });
    expect(JSON.parse((await lastAudit()).detail).before).toMatchObject({ levels: 10, spread: '0.1' });
  });
});

describe('reading the settings', () => {
  it('is open to every staff role and closed to traders', async () => {
    await server.call(calls.adminMarkets, {}, { token: reviewer.token });
    expect((await server.refused(calls.adminMarkets, {}, { token: trader.token })).type).toBe('999');
  });
});
