import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, mustParseUnits, type FeedEvent } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import { buildStaff, buildTrader, DEPOSIT_ADDRESSES, type SignedInUser } from '../src/testing/factories';
import { startTestServer, type TestServer } from './harness';

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

const save = (path: string, form: Record<string, string>, token = admin.token) => server.post(`/api/admin/markets/${path}`, form, { token });
const settings = async () => (await server.get('/api/admin/markets', { token: admin.token })).message;
const lastAudit = () => server.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
const auditCount = async () => (await server.db.selectFrom('audit_log').select('id').execute()).length;

/** A refusal with `code` that changes no setting and writes no audit entry. */
async function expectRefused(path: string, form: Record<string, string>, code: string, token = admin.token) {
  const [before, entries] = [await settings(), await auditCount()];
  expect(await save(path, form, token)).toMatchObject({ type: 'error', code });
  expect(await settings()).toEqual(before);
  expect(await auditCount()).toBe(entries);
}

/** Refused for a reviewer (admins only) and for a trader's token (a staff call). */
async function expectStaffOnly(path: string, form: Record<string, string>) {
  await expectRefused(path, form, 'staff_forbidden', reviewer.token);
  const answer = await save(path, form, trader.token);
  expect(answer.type).toBe('999');
}

describe('deposit addresses', () => {
  it('sets an address checked by its chain, which the trader’s deposit call then answers', async () => {
    const inAddress = async () => (await server.post('/api/wallet/get_in_address', { currency: String(USDT) }, { token: trader.token })).message;
    expect((await inAddress()).Trc20).toBe('');
    const form = { currency_id: String(USDT), network: 'Trc20', address: DEPOSIT_ADDRESSES.Trc20 };
    await expectStaffOnly('deposit_address', form);
    // an ERC20 address on Trc20, a bad checksum, BTC over Trc20: refused, nothing changed
    await expectRefused('deposit_address', { ...form, address: DEPOSIT_ADDRESSES.ETH }, 'address_wrong_network');
    await expectRefused('deposit_address', { ...form, address: `${DEPOSIT_ADDRESSES.Trc20.slice(0, -1)}W` }, 'address_wrong_network');
    await expectRefused('deposit_address', { ...form, currency_id: '1' }, 'network_invalid');
    await expectRefused('deposit_address', { ...form, network: 'SOL' }, 'network_invalid');

    expect(await save('deposit_address', form)).toMatchObject({ type: 'ok' });
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
    await expectStaffOnly('bank_account', form);
    await expectRefused('bank_account', { ...form, card_number: '12' }, 'bank_invalid');
    await expectRefused('bank_account', { ...form, bank_name: ' ' }, 'bank_invalid');
    expect(await save('bank_account', form)).toMatchObject({ type: 'ok' });
    const bank = (await server.post('/api/wallet/get_in_address', { currency: '9999' }, { token: trader.token })).message.Bank;
    expect(bank).toEqual({ bkname: 'Harbour Bank', cardname: 'Tidemark Ltd', bkcardnumer: 'GB33 BUKB 2020 1555 5555 55' });
    expect(JSON.parse((await lastAudit()).detail).after).toEqual({ bank_name: 'Harbour Bank', card_name: 'Tidemark Ltd', card_number: 'GB33 BUKB 2020 1555 5555 55' });
  });
});

describe('the platform switch', () => {
  it('closes and opens deposits and withdrawals (is_open_CTbi)', async () => {
    const isOpen = async () => (await server.post('/api/wallet/list', {}, { token: trader.token })).message.is_open_CTbi;
    await expectStaffOnly('platform', { open: '0' });
    await expectRefused('platform', { open: 'yes' }, 'setting_invalid');
    expect(await save('platform', { open: '0' })).toMatchObject({ type: 'ok' });
    expect(await isOpen()).toBe(0);
    expect(JSON.parse((await lastAudit()).detail)).toEqual({ before: { is_open_CTbi: 1 }, after: { is_open_CTbi: 0 } });
    expect(await save('platform', { open: '1' })).toMatchObject({ type: 'ok' });
    expect(await isOpen()).toBe(1);
  });
});

describe('withdrawal limits', () => {
  it('changes a currency’s minimum, maximum, daily limit and fee, as the trader’s withdrawal info shows', async () => {
    const form = { currency_id: String(USDT), min: '20', max: '5000', daily_limit: '10000', rate: '0.5' };
    await expectStaffOnly('withdraw_limit', form);
    await expectRefused('withdraw_limit', { ...form, max: '10' }, 'setting_invalid');
    await expectRefused('withdraw_limit', { ...form, daily_limit: '100' }, 'setting_invalid');
    await expectRefused('withdraw_limit', { ...form, rate: '100' }, 'setting_invalid');
    await expectRefused('withdraw_limit', { ...form, min: '1.123456789' }, 'amount_too_many_decimals');
    await expectRefused('withdraw_limit', { ...form, currency_id: '999' }, 'currency_not_found');
    expect(await save('withdraw_limit', form)).toMatchObject({ type: 'ok' });
    const info = (await server.post('/api/wallet/get_info', { currency: String(USDT) }, { token: trader.token })).message;
    expect(info).toMatchObject({ min_number: '20.00000000', max_number: '5000.00000000', daily_limit: '10000.00000000', rate: '0.50000000' });
    expect(JSON.parse((await lastAudit()).detail).after).toMatchObject({ min: '20', max: '5000', daily_limit: '10000', rate: '0.5' });
  });
});

describe('micro options', () => {
  it('adds an expiry that a micro order is then accepted for, and closes it again', async () => {
    const form = { seconds: '45', profit_ratio: '82.5', status: '1' };
    await expectStaffOnly('micro_seconds', form);
    await expectRefused('micro_seconds', { ...form, seconds: '0' }, 'setting_invalid');
    await expectRefused('micro_seconds', { ...form, profit_ratio: '-1' }, 'setting_invalid');
    const submit = () =>
      server.post('/api/microtrade/submit', { match_id: String(BTC_PAIR), currency_id: '3', type: '1', seconds: '45', number: '100' }, { token: trader.token });
    report!({ kind: 'trades', pairId: BTC_PAIR, trades: [{ timeMs: clock(), priceUnits: mustParseUnits('100'), amountUnits: mustParseUnits('0.01'), direction: 'buy' }] });
    expect((await submit()).type).toBe('error');

    expect(await save('micro_seconds', form)).toMatchObject({ type: 'ok' });
    expect((await server.get('/api/microtrade/seconds')).message).toContainEqual(expect.objectContaining({ seconds: 45 }));
    expect(await submit()).toMatchObject({ type: 'ok' });
    expect(JSON.parse((await lastAudit()).detail)).toEqual({ before: null, after: { seconds: 45, profit_ratio: '82.5', status: true } });

    expect(await save('micro_seconds', { ...form, status: '0' })).toMatchObject({ type: 'ok' });
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
    expect(await save('pair', pairForm)).toMatchObject({ type: 'ok' });
    trade('3000');
    const order = { match_id: String(ETH_PAIR), currency_id: '3', type: '1', seconds: '30', number: '100' };
    expect(await server.post('/api/microtrade/submit', order, { token: trader.token })).toMatchObject({ type: 'ok' });
    clock.advance(10_000);
    trade('3010');
    await server.engines.micro.idle();
    clock.advance(20_000 + limits.microSettleLagMs);
    await server.engines.micro.idle();
    const closed = (await server.get('/api/microtrade/lists', { token: trader.token, query: { status: '3' } })).message.data;
    expect(closed).toMatchObject([{ open_price: '3000.00000000', end_price: '3010.00000000', profit_result: 1 }]);

    // closed again with an order open, and another leader takes over: the order's pair is still recorded
    trade('3010');
    expect(await server.post('/api/microtrade/submit', { ...order, type: '2' }, { token: trader.token })).toMatchObject({ type: 'ok' });
    expect(await save('pair', { ...pairForm, micro_open: '0' })).toMatchObject({ type: 'ok' });
    await server.engines.micro.lose();
    await server.engines.micro.gain(server.lead());
    clock.advance(10_000);
    trade('2990');
    await server.engines.micro.idle();
    clock.advance(20_000 + limits.microSettleLagMs);
    await server.engines.micro.idle();
    const [last] = (await server.get('/api/microtrade/lists', { token: trader.token, query: { status: '3' } })).message.data;
    expect(last).toMatchObject({ type: 2, open_price: '3010.00000000', end_price: '2990.00000000', profit_result: 1 });
    await server.db.updateTable('micro_pair').set({ open_microtrade: 1n }).where('pair_id', '=', BigInt(ETH_PAIR)).execute();
    await server.expectLedgerSound();
  });

  it('changes a payable currency’s stake range, fee and presets', async () => {
    const form = { currency_id: String(USDT), payable: '1', min: '5', max: '2000', fee: '2', presets: '5, 20,100,20' };
    await expectStaffOnly('micro_currency', form);
    await expectRefused('micro_currency', { ...form, max: '1' }, 'setting_invalid');
    await expectRefused('micro_currency', { ...form, presets: '5,3000' }, 'setting_invalid');
    await expectRefused('micro_currency', { ...form, presets: 'a,b' }, 'setting_invalid');
    expect(await save('micro_currency', form)).toMatchObject({ type: 'ok' });
    const usdt = (await settings()).micro_currencies.find((c: { currency_id: number }) => c.currency_id === 3);
    expect(usdt).toEqual({ currency_id: 3, currency_name: 'USDT', payable: true, min: '5', max: '2000', fee: '2', presets: ['5', '20', '100'] });
    const payable = (await server.get('/api/microtrade/payable_currencies', { token: trader.token })).message;
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
    await expectStaffOnly('pair', form);
    await expectRefused('pair', { ...form, hands_min: '60' }, 'setting_invalid');
    await expectRefused('pair', { ...form, hand_presets: '2,500' }, 'setting_invalid');
    await expectRefused('pair', { ...form, multiples: '0' }, 'setting_invalid');
    await expectRefused('pair', { ...form, spread: '100' }, 'setting_invalid');
    await expectRefused('pair', { ...form, share_num: '0' }, 'setting_invalid');
    await expectRefused('pair', { ...form, pair_id: '99' }, 'not_found');
    expect(await save('pair', form)).toMatchObject({ type: 'ok' });
    const deal = (await server.post('/api/lever/deal', { currency_id: '1', legal_id: '3' }, { token: trader.token })).message;
    expect(deal).toMatchObject({
      multiple: { muit: [{ value: 5 }, { value: 10 }, { value: 25 }], share: [{ value: 2 }, { value: 5 }] },
      lever_share_limit: { min: 1, max: 50 },
      lever_share_num: '0.01000000',
    });
    const { before, after } = JSON.parse((await lastAudit()).detail);
    expect(before.lever).toMatchObject({ multiples: [5, 10, 20, 50, 100], maintenance: '20' });
    expect(after).toMatchObject({ spread: '0.1', fee: '0.2', share_num: '0.01', lever: { multiples: [5, 10, 25], maintenance: '30' } });

    // hidden from the trader's pair list
    expect(await save('pair', { ...form, is_display: '0' })).toMatchObject({ type: 'ok' });
    expect((await settings()).pairs.find((p: { pair_id: number }) => p.pair_id === BTC_PAIR).is_display).toBe(false);
  });
});

describe('the spot market maker', () => {
  it('changes a pair’s rungs, spread, step and size', async () => {
    const form = { pair_id: String(BTC_PAIR), is_active: '1', levels: '4', spread: '0.2', step: '0.1', size: '0.02' };
    await expectStaffOnly('spot_maker', form);
    await expectRefused('spot_maker', { ...form, levels: '51' }, 'setting_invalid');
    await expectRefused('spot_maker', { ...form, step: '0' }, 'setting_invalid');
    await expectRefused('spot_maker', { ...form, size: '0' }, 'setting_invalid');
    expect(await save('spot_maker', form)).toMatchObject({ type: 'ok' });
    const maker = (await settings()).spot_makers.find((m: { pair_id: number }) => m.pair_id === BTC_PAIR);
    expect(maker).toEqual({ pair_id: BTC_PAIR, symbol: 'BTC/USDT', is_active: true, levels: 4, spread: '0.2', step: '0.1', size: '0.02' });
    expect(JSON.parse((await lastAudit()).detail).before).toMatchObject({ levels: 10, spread: '0.1' });
  });
});

describe('reading the settings', () => {
  it('is open to every staff role and closed to traders', async () => {
    expect((await server.get('/api/admin/markets', { token: reviewer.token })).type).toBe('ok');
    expect((await server.get('/api/admin/markets', { token: trader.token })).type).toBe('999');
  });
});
