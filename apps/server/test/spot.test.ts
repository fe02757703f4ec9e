import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '@tidemark/core';
import { calls, limits } from '@tidemark/protocol';
import { buildTrader, type Trader } from '../src/testing/factories';
import { startTestServer, type Form, type TestServer } from './harness';

const BTC = 1n;
const USDT = 3n;
const XRP = 6n;
// BTC/USDT (match id 2) at its reference price of 67000: the band is 63650..70350, tick 0.01, lot 0.0001
const BTC_USDT = { currency_id: '1', legal_id: '3' };
let server: TestServer;

beforeAll(async () => {
  // no simulated ticks: the index stays at the reference prices
  server = await startTestServer({ market: { clock: manualClock(Date.UTC(2030, 0, 15, 12, 0, 0)), stepMs: 3_600_000 } });
});
afterAll(() => server.close());

const submit = (trader: Trader, form: Form<typeof calls.coinSubmit>) => server.attempt(calls.coinSubmit, { ...BTC_USDT, ...form }, { token: trader.token });
const limit = (side: 'buy' | 'sell', price: string, number: string) => ({ type: side === 'buy' ? '1' : '2', status: '0', price, number });
/** a limit order the pair's rules and the balance allow */
const limitOrder = (trader: Trader, side: 'buy' | 'sell', price: string, number: string) =>
  server.call(calls.coinSubmit, { ...BTC_USDT, ...limit(side, price, number) }, { token: trader.token });
const orders = async (trader: Trader, status: '0' | '3') =>
  (await server.call(calls.coinMyOrders, { ...BTC_USDT, status }, { token: trader.token })).message;
const balances = async (trader: Trader) => {
  const deal = (await server.call(calls.coinDeal, BTC_USDT, { token: trader.token })).message;
  return { btc: deal.user_currency, usdt: deal.user_legal };
};
/** lets the matcher take what was submitted */
const matched = () => server.engines.spot.idle();

describe('spot orders', () => {
  it('accepts a limit order with its funds frozen, and the matcher rests it', async () => {
    const seller = await buildTrader(server, { funds: [[BTC, '1']] });
    const placed = await limitOrder(seller, 'sell', '68000', '0.5');
    expect(placed).toMatchObject({ type: 'ok', message: { side: 'sell', type: 2, order_type: 0, price: '68000.00000000', number: '0.50000000', filled: '0.00000000' } });
    expect([0, 1]).toContain(placed.message.status);
    await matched();
    const current = await orders(seller, '0');
    expect(current).toMatchObject({ current_page: 1, per_page: 20, total: 1, last_page: 1 });
    expect(current.data[0]).toMatchObject({ id: placed.message.id, status: 1, symbol: 'BTC/USDT' });
    expect(typeof current.data[0]!.created_at).toBe('string');
    expect(await balances(seller)).toMatchObject({ btc: { balance: '0.50000000', lock_balance: '0.50000000' } });
    await server.expectLedgerSound();
  });

  it('fills two traders crossing: base and quote change hands, maker and taker fees go to fees', async () => {
    const seller = await buildTrader(server, { funds: [[BTC, '0.01']] });
    const buyer = await buildTrader(server, { funds: [[USDT, '1000']] });
    const notices = vi.spyOn(server.app.realtime, 'publishPrivate');
    const ask = await limitOrder(seller, 'sell', '67000', '0.01');
    await matched();
    // below the resting ask at 68000 of the first test: this buy meets the 67000 ask only
    const bid = await limitOrder(buyer, 'buy', '67000', '0.01');
    await matched();

    // value 670; the buyer (taker, 0.2%) pays 1.34 on top, the seller (maker, 0.1%) gets 670 - 0.67
    expect(await balances(buyer)).toMatchObject({
      btc: { balance: '0.01000000', lock_balance: '0.00000000' },
      usdt: { balance: '328.66000000', lock_balance: '0.00000000' },
    });
    expect(await balances(seller)).toMatchObject({
      btc: { balance: '0.00000000', lock_balance: '0.00000000' },
      usdt: { balance: '669.33000000', lock_balance: '0.00000000' },
    });
    const history = await orders(buyer, '3');
    expect(history.data[0]).toMatchObject({ id: bid.message.id, status: 2, filled: '0.01000000', avg_price: '67000.00000000', fee: '1.34000000' });
    const fills = (await server.call(calls.coinMyFills, {}, { token: seller.token })).message;
    expect(fills.total).toBe(1);
    expect(fills.data[0]).toMatchObject({ order_id: ask.message.id, side: 'sell', type: 2, role: 'maker', price: '67000.00000000', number: '0.01000000', total: '670.00000000', fee: '0.67000000' });
    expect(notices).toHaveBeenCalledWith(seller.id, 'afterCoinTrade', expect.objectContaining({ type: 'afterCoinTrade', order_id: ask.message.id, status: 2, match_id: 2 }));
    expect(notices).toHaveBeenCalledWith(buyer.id, 'afterCoinTrade', expect.objectContaining({ to: Number(buyer.id), order_id: bid.message.id }));
    notices.mockRestore();
    await server.expectLedgerSound();
  });

  it('cancels a resting order and returns its funds; another user’s order is not found', async () => {
    const buyer = await buildTrader(server, { funds: [[USDT, '1000']] });
    const other = await buildTrader(server);
    const bid = await limitOrder(buyer, 'buy', '66000', '0.01');
    await matched();
    // 660 plus the larger fee (0.2%) is frozen
    expect((await balances(buyer)).usdt).toMatchObject({ balance: '338.68000000', lock_balance: '661.32000000' });
    expect(await server.refused(calls.coinCancel, { id: String(bid.message.id) }, { token: other.token })).toMatchObject({ code: 'spot_order_not_found' });
    expect(await server.refused(calls.coinCancel, { id: '999999' }, { token: buyer.token })).toMatchObject({ code: 'spot_order_not_found' });
    expect(await server.call(calls.coinCancel, { id: String(bid.message.id) }, { token: buyer.token })).toEqual({ type: 'ok', message: 'Cancel requested' });
    await matched();
    expect((await balances(buyer)).usdt).toMatchObject({ balance: '1000.00000000', lock_balance: '0.00000000' });
    expect((await orders(buyer, '3')).data[0]).toMatchObject({ id: bid.message.id, status: 3 });
    expect((await orders(buyer, '0')).total).toBe(0);
    // an ended order cannot be cancelled again
    expect(await server.refused(calls.coinCancel, { id: String(bid.message.id) }, { token: buyer.token })).toMatchObject({ code: 'spot_order_not_found' });
    await server.expectLedgerSound();
  });

  it('refuses what the pair’s rules or the balance do not allow, freezing nothing', async () => {
    const trader = await buildTrader(server, { funds: [[USDT, '100'], [XRP, '100']] });
    expect(await submit(trader, limit('buy', '67000', '0.01'))).toMatchObject({ code: 'insufficient_balance' });
    expect(await submit(trader, limit('buy', '67000.001', '0.001'))).toMatchObject({ code: 'spot_price_off_tick' });
    expect(await submit(trader, limit('buy', '67000', '0.00001'))).toMatchObject({ code: 'spot_amount_off_lot' });
    expect(await submit(trader, limit('buy', '60000', '0.001'))).toMatchObject({ code: 'spot_outside_band', message: 'The price is too far from the index price' });
    const xrp = await server.refused(calls.coinSubmit, { currency_id: '6', legal_id: '3', type: '2', status: '0', price: '0.6', number: '1' }, { token: trader.token, lang: 'jp' });
    expect(xrp).toMatchObject({ code: 'spot_below_min_value', message: '注文金額が最小注文額を下回っています' });
    expect(await submit(trader, { type: '1', status: '0', number: '0.001' })).toMatchObject({ code: 'spot_order_invalid' });
    expect(await submit(trader, { type: '3', status: '0', price: '67000', number: '0.001' })).toMatchObject({ code: 'spot_side_invalid' });
    expect((await orders(trader, '0')).total).toBe(0);
    expect((await balances(trader)).usdt).toMatchObject({ balance: '100.00000000', lock_balance: '0.00000000' });
    expect(await server.refused(calls.coinSubmit, { ...BTC_USDT, type: '1', status: '0', price: '67000', number: '0.001' })).toMatchObject({ type: '999' });
    await server.expectLedgerSound();
  });

  it('lets only one of two concurrent orders spend the same funds', async () => {
    const buyer = await buildTrader(server, { funds: [[USDT, '700']] });
    // each freezes 650 + 1.30 of 700
    const answers = await Promise.all([submit(buyer, limit('buy', '65000', '0.01')), submit(buyer, limit('buy', '65000', '0.01'))]);
    expect(answers.map((a) => a.type).sort()).toEqual(['error', 'ok']);
    expect(answers.find((a) => a.type === 'error')).toMatchObject({ code: 'insufficient_balance' });
    await matched();
    expect((await orders(buyer, '0')).total).toBe(1);
    expect((await balances(buyer)).usdt).toMatchObject({ balance: '48.70000000', lock_balance: '651.30000000' });
    await server.expectLedgerSound();
  });

  it('buys at market by quote amount, spending it against the book', async () => {
    const seller = await buildTrader(server, { funds: [[BTC, '0.02']] });
    const buyer = await buildTrader(server, { funds: [[USDT, '1000']] });
    await limitOrder(seller, 'sell', '67100', '0.02');
    await matched();
    const market = await server.call(calls.coinSubmit, { ...BTC_USDT, type: '1', status: '1', total: '100' }, { token: buyer.token });
    expect(market).toMatchObject({ type: 'ok', message: { order_type: 1, total: '100.00000000', number: '' } });
    await matched();
    const done = (await orders(buyer, '3')).data[0]!;
    expect(done).toMatchObject({ id: market.message.id, status: 2 });
    const { usdt, btc } = await balances(buyer);
    expect(usdt.lock_balance).toBe('0.00000000');
    expect(Number(usdt.balance)).toBeGreaterThanOrEqual(900);
    expect(btc.balance).toBe(done.filled);
    await server.expectLedgerSound();
  });

  it('rebuilds the books from the open orders after a leader change: priority and funds intact', async () => {
    const early = await buildTrader(server, { funds: [[BTC, '0.01']] });
    const late = await buildTrader(server, { funds: [[BTC, '0.01']] });
    const buyer = await buildTrader(server, { funds: [[USDT, '1000']] });
    const first = await limitOrder(early, 'sell', '66500', '0.01');
    const second = await limitOrder(late, 'sell', '66500', '0.01');
    await matched();
    await server.engines.spot.lose();
    // accepted while no leader runs: taken after the rebuild
    const bid = await limitOrder(buyer, 'buy', '66500', '0.01');
    await server.engines.spot.gain(server.lead());
    await matched();
    expect((await orders(buyer, '3')).data[0]).toMatchObject({ id: bid.message.id, status: 2 });
    // time priority survived: the earlier ask filled, the later one still rests
    expect((await orders(early, '3')).data[0]).toMatchObject({ id: first.message.id, status: 2 });
    expect((await orders(late, '0')).data[0]).toMatchObject({ id: second.message.id, status: 1 });
    // a second rebuild leaves the resting order where it was, matched once only
    await server.engines.spot.lose();
    await server.engines.spot.gain(server.lead());
    await matched();
    expect((await orders(late, '0')).data[0]).toMatchObject({ id: second.message.id, status: 1, filled: '0.00000000' });
    await server.expectLedgerSound();
  });

  it('refuses an order past the open-order cap, in the trader’s language, freezing nothing more', async () => {
    const max = limits.spotOpenOrdersPerUserMax;
    const buyer = await buildTrader(server, { funds: [[USDT, '2000']] });
    // far under every other test's orders: each freezes 6.37 + 0.01274
    for (let placed = 0; placed < max; placed += 25) {
      const batch = Array.from({ length: Math.min(25, max - placed) }, () => submit(buyer, limit('buy', '63700', '0.0001')));
      expect((await Promise.all(batch)).every((answer) => answer.type === 'ok')).toBe(true);
    }
    const before = (await balances(buyer)).usdt;
    const refused = await server.refused(calls.coinSubmit, { ...BTC_USDT, type: '1', status: '0', price: '63700', number: '0.0001' }, { token: buyer.token, lang: 'spa' });
    expect(refused).toMatchObject({ code: 'spot_open_orders_max', message: `Tiene ${max} órdenes abiertas, el máximo permitido; cancele alguna primero` });
    expect((await balances(buyer)).usdt).toEqual(before);
    await matched();
    expect((await orders(buyer, '0')).total).toBe(max);
    await server.expectLedgerSound();
  });
});
