import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@tidemark/core';
import { calls, displayTime } from '@tidemark/protocol';
import { buildTrader } from '../src/testing/factories';
import { startTestServer, type Answer, type TestServer } from './harness';

/**
 * The calls as template-family clients read them (spec/CLIENT-COMPAT.md). The harness checks every
 * ok answer against its call's response schema, which carries the document's field names and JSON
 * types; these tests check what a schema cannot: values, languages, times and which rows.
 */
const USDT = 3n;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
// 2026-11-23 06:03:27 UTC is 14:03:27 in Asia/Shanghai
const clock = manualClock(Date.UTC(2026, 10, 23, 6, 3, 27));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ market: { seed: 3, stepMs: 100, clock } });
});
afterAll(() => server.close());

describe('transport', () => {
  it('takes the bare token without Bearer and ignores the _timespan cache breaker', async () => {
    const user = await buildTrader(server);
    const response = await fetch(`${server.url}${calls.userInfo.path}?_timespan=${clock()}`, { headers: { authorization: user.token } });
    expect(await response.json()).toMatchObject({ type: 'ok', message: { id: Number(user.id) } });
  });
});

describe('user and wallet calls', () => {
  it('user/info: phone null when none is bound, is_seller 0, ids as numbers', async () => {
    const user = await buildTrader(server);
    const { message } = await server.call(calls.userInfo, {}, { token: user.token });
    expect(message).toMatchObject({ id: Number(user.id), phone: null, is_seller: 0, is_auth: 0, review_status: 0 });
  });

  it('wallet/list: usdt_totle of each wallet is a JSON number clients can add with +', async () => {
    const user = await buildTrader(server, { funds: [[USDT, '12.5']] });
    const { message } = await server.call(calls.walletList, {}, { token: user.token });
    expect(message.change_wallet.usdt_totle).toBe(12.5);
    expect(message.micro_wallet.usdt_totle).toBe(0);
  });

  it('wallet/get_info: the daily limit also as day_limit', async () => {
    const user = await buildTrader(server);
    const { message } = await server.call(calls.walletWithdrawInfo, { currency: '3' }, { token: user.token });
    expect(message.day_limit).toBe(message.daily_limit);
  });

  it('currency/user_currency_list: each item has the wallets it belongs to as is_* numbers', async () => {
    const user = await buildTrader(server);
    const { message } = await server.call(calls.userCurrencyList, {}, { token: user.token });
    expect(message.find((c) => c.name === 'USDT')).toMatchObject({ id: 3, is_legal: 1, is_lever: 1, is_match: 1, is_micro: 1 });
    expect(message.find((c) => c.name === 'BNB')).toMatchObject({ is_legal: 0, is_lever: 0, is_match: 1, is_micro: 0 });
  });
});

describe('records', () => {
  /** a trader who moved 40 USDT from spot to the contract wallet, and 5 to micro */
  const afterTransfers = async () => {
    const user = await buildTrader(server, { funds: [[USDT, '100']] });
    for (const [to_field, number] of [['lever', '40'], ['micro', '5']] as const) {
      await server.call(calls.walletChange, { number, from_field: 'change', to_field, currency_id: '3' }, { token: user.token });
    }
    return user;
  };

  it('legal_log: the contract records (type 3 or "lever") list only the contract wallet’s side of a transfer', async () => {
    const user = await afterTransfers();
    for (const type of ['3', 'lever']) {
      const { message } = await server.call(calls.walletLegalLog, { type, currency: '3' }, { token: user.token });
      expect(message.list).toHaveLength(1);
      expect(message.list[0]).toMatchObject({ wallet: 'lever', value: '40.00000000' });
    }
    const micro = await server.call(calls.walletLegalLog, { type: 'micro', currency: '3' }, { token: user.token });
    expect(micro.message.list.map((r) => [r.wallet, r.value])).toEqual([['micro', '5.00000000']]);
    const spot = await server.call(calls.walletLegalLog, { type: '1', currency: '3' }, { token: user.token });
    expect(spot.message.list.map((r) => r.wallet)).toEqual(['change', 'change']);
    expect(await server.refused(calls.walletLegalLog, { type: 'house' }, { token: user.token })).toMatchObject({ type: 'error', code: 'invalid_field' });
  });

  it('legal_log and account/list: info in the request’s language, info_<lang> each, display times with ms twins', async () => {
    const user = await afterTransfers();
    const { message } = await server.call(calls.walletLegalLog, { type: 'lever', currency: '3' }, { token: user.token, lang: 'en' });
    expect(message.list[0]).toMatchObject({
      info: 'Transfer from spot account',
      info_en: 'Transfer from spot account',
      info_hk: '由幣幣賬戶劃入',
      info_kr: '현물 계정에서 이체',
      info_spa: 'Transferencia desde cuenta spot',
      info_jp: expect.any(String),
      type_info_e: 'Transfer from spot account',
      created_time: '2026-11-23 14:03:27',
      created_at_ms: clock(),
    });
    const log = await server.call(calls.accountList, { limit: '5', page: '1' }, { token: user.token, lang: 'kr' });
    expect(log.message.data[0]).toMatchObject({ info: log.message.data[0]!.info_kr, created_time: displayTime(clock()), created_at_ms: clock() });
  });
});

describe('market calls', () => {
  it('new_timeshar: code, msg and data at the top level for every chart resolution, from/to in seconds, bar time in ms', async () => {
    const toS = Math.floor(clock() / 1000);
    for (const period of ['1min', '5min', '15min', '30min', '60min', '120min', '240min', '360min', '720min', '1D', '3D', '1W', '1M']) {
      const answer = await server.call(calls.newTimeshar, { symbol: 'BTC/USDT', period, from: String(toS - 90 * 86_400), to: String(toS) });
      expect(answer.code).toBe(1);
      expect(answer.data.length).toBeGreaterThan(0);
      expect(answer.data.at(-1)!.time).toBeGreaterThan(1e12);
      expect(answer.data.at(-1)!.time).toBeLessThanOrEqual(clock());
    }
  });

  it('new_tradehistory: time as the tape shows it in the display zone, ts in ms', async () => {
    const { message } = await server.call(calls.newTradeHistory, { legal_id: '3', currency_id: '1' });
    for (const trade of message) expect(trade.time).toBe(displayTime(trade.ts).slice(11));
  });

  it('quotation_new: ids as JSON numbers', async () => {
    const { message } = await server.call(calls.quotationNew);
    const pair = message[0]!.quotation[0];
    expect(pair).toMatchObject({ id: expect.any(Number), currency_id: expect.any(Number), legal_id: expect.any(Number), is_display: expect.any(Number) });
  });
});

describe('uploads', () => {
  const upload = async (token: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'pic.png');
    const response = await fetch(new URL(calls.upload.path, server.url), { method: 'POST', headers: { authorization: token }, body: form });
    return ((await response.json()) as Answer<typeof calls.upload>).message;
  };
  /** what an <img> does: a GET with no Authorization header */
  const asImage = (url: string) => fetch(`${server.url}${url}`);

  it('answers a link that displays in an <img> for its owner, and expires within the hour', async () => {
    const user = await buildTrader(server);
    const url = await upload(user.token);
    const shown = await asImage(url);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(PNG);

    // the link is the key: another file's name, another expiry or another signature open nothing
    const other = await upload(user.token);
    const [path, query] = url.split('?') as [string, string];
    const otherPath = other.split('?')[0]!;
    const expires = Number(new URLSearchParams(query).get('expires'));
    expect(expires).toBeLessThanOrEqual(clock() + 3_600_000);
    for (const forged of [`${otherPath}?${query}`, url.replace(/expires=\d+/, `expires=${expires + 1}`), url.replace(/sig=.{4}/, 'sig=AAAA')]) {
      expect(await (await asImage(forged)).json()).toMatchObject({ type: 'error', code: 'upload_not_found' });
    }
    expect(await (await asImage(path)).json()).toMatchObject({ type: '999' });

    clock.advance(expires - clock());
    expect(await (await asImage(url)).json()).toMatchObject({ type: 'error', code: 'upload_not_found' });
    // the owner still reads it with the token, and the URL still names the file in forms
    const withToken = await fetch(`${server.url}${url}`, { headers: { authorization: user.token } });
    expect(withToken.headers.get('content-type')).toBe('image/png');
    // read to the end: a body left unread keeps the request in flight, and a graceful close waits for it
    expect(Buffer.from(await withToken.arrayBuffer())).toEqual(PNG);
  });
});
