import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { formatUnits, manualClock, mustParseUnits, type FeedEvent, type ManualClock } from '@tidemark/core';
import { calls, limits, type ClientToServerEvents, type ServerToClientEvents, type TEmitAck } from '@tidemark/protocol';
import { MARKET_MAKER_EMAIL } from '../src/modules/bootstrap/service';
import { buildStaff, buildTrader } from '../src/testing/factories';
import { startTestServer, type Form, type TestServer } from './harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const USDT = 3n;
const BTC_USDT = { currency_id: '1', legal_id: '3' };
const BTC_PAIR_ID = 2;
let server: TestServer;
let clock: ManualClock;
let report: ((event: FeedEvent) => void) | undefined;
const clients: Client[] = [];

beforeAll(async () => {
  clock = manualClock(Date.UTC(2030, 0, 15, 12));
  // the index moves only when a test reports a trade
  server = await startTestServer({
    env: { MARKET_MAKER: '1' },
    market: { clock, flushMs: 3_600_000, feed: () => ({ start: async (r) => void (report = r), stop: async () => {} }) },
  });
  await server.engines.spot.idle();
});
afterAll(async () => {
  clients.forEach((c) => c.disconnect());
  await server.close();
});

const book = async () => (await server.call(calls.coinDepth, BTC_USDT)).message;
const num = (text: string) => mustParseUnits(text);
/** moves the index of BTC/USDT to `price` and waits for the matcher (and the maker's re-quote) */
async function indexTo(price: string) {
  clock.advance(limits.spotMakerRequoteMs);
  report!({ kind: 'trades', pairId: BTC_PAIR_ID, trades: [{ timeMs: clock(), priceUnits: num(price), amountUnits: 100_000n, direction: 'buy' }] });
  await server.engines.spot.idle();
}

function next<E extends 'coin_depth' | 'coin_detail'>(socket: Client, event: E): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => socket.once(event, resolve as never));
}

describe('the market maker', () => {
  it('quotes ten rungs a side around the index from a fresh install, funded through the ledger', async () => {
    const index = server.market.lastPriceUnits(BTC_PAIR_ID);
    const { lever_transaction: depth } = await book();
    expect(depth.in).toHaveLength(10);
    expect(depth.out).toHaveLength(10);
    expect(num(depth.in[0]![0])).toBeLessThan(index);
    expect(num(depth.out[0]![0])).toBeGreaterThan(index);
    expect(depth.in.every(([, amount]) => amount === '0.05000000')).toBe(true);
    const maker = await server.db.selectFrom('user').select('id').where('email', '=', MARKET_MAKER_EMAIL).executeTakeFirstOrThrow();
    const funding = await server.db.selectFrom('ledger_txn').select('id').where('kind', '=', 'market_maker_funding').execute();
    expect(funding).toHaveLength(8);
    const btc = await server.db.selectFrom('account').selectAll().where('user_id', '=', maker.id).where('wallet', '=', 'change').where('currency_id', '=', 1n).executeTakeFirstOrThrow();
    // ten asks of 0.05 frozen out of its 10 BTC
    expect(btc).toMatchObject({ available_units: num('9.5'), frozen_units: num('0.5') });
    await server.expectLedgerSound();
  });

  it('gives the pair’s rules for the order form', async () => {
    expect((await server.call(calls.coinPair, BTC_USDT)).message).toEqual({
      currency_id: 1,
      legal_id: 3,
      price_step: '0.01000000',
      amount_step: '0.00010000',
      min_total: '5.00000000',
      maker_fee: '0.10000000',
      taker_fee: '0.20000000',
      band: '5.00000000',
    });
    expect(await server.refused(calls.coinPair, { currency_id: '3', legal_id: '1' })).toMatchObject({ code: 'spot_pair_not_found' });
  });

  it('fills a trader’s market buy, which the book, the tape and the socket show', async () => {
    const client: Client = connect(server.url, { path: '/wss/socket.io/', transports: ['websocket'], forceNew: true });
    clients.push(client);
    await new Promise<void>((resolve) => client.once('connect', resolve));
    const ack = await new Promise<TEmitAck>((resolve) => client.emit('sub', { symbol: 'BTC/USDT', channels: ['coin_depth', 'coin_detail'] }, resolve));
    expect(ack).toEqual({ ok: true });
    const bestAsk = (await book()).lever_transaction.out[0]!;
    const buyer = await buildTrader(server, { funds: [[USDT, '10000']] });
    const pushedTrades = next(client, 'coin_detail');
    const pushedBook = next(client, 'coin_depth');
    const order = await server.call(calls.coinSubmit, { ...BTC_USDT, type: '1', status: '1', number: '0.02' }, { token: buyer.token });
    await server.engines.spot.idle();
    const history = (await server.call(calls.coinMyOrders, { ...BTC_USDT, status: '3' }, { token: buyer.token })).message;
    expect(history.data[0]).toMatchObject({ id: order.message.id, status: 2, filled: '0.02000000', avg_price: bestAsk[0] });
    const trades = (await server.call(calls.coinTrades, BTC_USDT)).message;
    expect(trades[0]).toMatchObject({ price: bestAsk[0], amount: '0.02000000', direction: 'buy' });
    expect((await pushedTrades).data[0]).toMatchObject({ price: bestAsk[0], amount: '0.02000000', direction: 'buy' });
    const pushed = await pushedBook;
    expect(pushed).toMatchObject({ symbol: 'BTC/USDT', last_price: bestAsk[0] });
    // the rung it took from is 0.03 now
    expect(pushed.out[0]).toEqual([bestAsk[0], '0.03000000']);
    await server.expectLedgerSound();
  });

  it('re-quotes as the index moves, cancelling the rungs that left the ladder', async () => {
    const before = await book();
    const index = server.market.lastPriceUnits(BTC_PAIR_ID);
    const moved = formatUnits((index * 101n) / 100n / 1_000_000n * 1_000_000n);
    await indexTo(moved);
    const after = (await book()).lever_transaction;
    expect(num(after.in[0]![0])).toBeGreaterThan(num(before.lever_transaction.in[0]![0]));
    expect(num(after.in[0]![0])).toBeLessThan(num(moved));
    expect(num(after.out[0]![0])).toBeGreaterThan(num(moved));
    // nothing left behind: ten a side, and no crossed book
    expect(after.in).toHaveLength(10);
    expect(after.out).toHaveLength(10);
    const live = await server.db.selectFrom('spot_order').select('id').where('pair_id', '=', 2n).where('status', 'in', ['accepted', 'open']).execute();
    expect(live).toHaveLength(20);
    await server.expectLedgerSound();
  });

  it('quotes only what it holds', async () => {
    // rungs of 4 BTC out of its ~10: two asks fit, the third would overdraw it
    await server.db.updateTable('spot_maker').set({ size_units: num('4') }).where('pair_id', '=', 2n).execute();
    await server.engines.spot.lose();
    await server.engines.spot.gain(server.lead());
    await indexTo(formatUnits(server.market.lastPriceUnits(BTC_PAIR_ID) + num('50')));
    const { lever_transaction: depth } = await book();
    expect(depth.out.map(([, amount]) => amount)).toEqual(['4.00000000', '4.00000000']);
    await server.expectLedgerSound();
  });

  it('quotes the settings staff save at once, and leaves the book when switched off', async () => {
    const admin = await buildStaff(server, { role: 'admin' });
    const save = (form: Form<typeof calls.adminSpotMakerSave>) => server.call(calls.adminSpotMakerSave, { pair_id: '2', spread: '0.2', step: '0.1', size: '0.02', ...form }, { token: admin.token });
    await save({ is_active: '1', levels: '3' });
    await server.engines.spot.idle();
    const { lever_transaction: depth } = await book();
    expect(depth.in).toEqual(Array(3).fill([expect.any(String), '0.02000000']));
    expect(depth.out).toEqual(Array(3).fill([expect.any(String), '0.02000000']));
    await save({ is_active: '0', levels: '3' });
    await server.engines.spot.idle();
    expect((await book()).lever_transaction).toEqual({ in: [], out: [] });
    await server.expectLedgerSound();
  });

  it('prunes its quotes cancelled without a fill once a day old, keeping what traded and traders’ orders', async () => {
    const maker = await server.db.selectFrom('user').select('id').where('email', '=', MARKET_MAKER_EMAIL).executeTakeFirstOrThrow();
    const trader = await buildTrader(server, { funds: [[USDT, '1000']] });
    const bid = await server.call(calls.coinSubmit, { ...BTC_USDT, type: '1', status: '0', price: '66000', number: '0.001' }, { token: trader.token });
    await server.engines.spot.idle();
    await server.call(calls.coinCancel, { id: String(bid.message.id) }, { token: trader.token });
    await server.engines.spot.idle();
    const cancelled = (userId: bigint) => server.db.selectFrom('spot_order').select('filled_units').where('user_id', '=', userId).where('status', '=', 'cancelled').execute();
    const before = await cancelled(maker.id);
    const unfilled = before.filter((o) => o.filled_units === 0n).length;
    // the rung the trader's market buy took from left the ladder when the index moved
    const traded = before.filter((o) => o.filled_units > 0n);
    expect(unfilled).toBeGreaterThan(0);
    expect(traded).not.toEqual([]);

    // an hour short of a day they stay; past it only those that traded do
    clock.advance(limits.spotMakerCancelledKeepMs - 3600_000);
    await server.engines.schedule.idle();
    expect(await cancelled(maker.id)).toHaveLength(before.length);
    clock.advance(2 * 3600_000);
    await server.engines.schedule.idle();
    expect(await cancelled(maker.id)).toEqual(traded);
    expect(await cancelled(trader.id)).toHaveLength(1);
    const runs = await server.db.selectFrom('schedule_run').select('detail').where('job', '=', 'spot_maker_prune').orderBy('due_ms', 'desc').execute();
    expect(runs[0]).toEqual({ detail: `deleted ${unfilled}` });
    await server.expectLedgerSound();
  });
});
