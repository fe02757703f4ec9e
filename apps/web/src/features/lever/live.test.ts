import type { TLeverOrderRow, TLeverTradeEvent } from '@tidemark/protocol';
import { describe, expect, it } from 'vitest';
import { asPage } from './live';

const pair = { symbol: 'BTC/USDT', currencyId: '1', legalId: '3', currencyName: 'BTC', legalName: 'USDT' };
const row = (id: number, status: number, symbol = 'BTC/USDT') => ({ id, status, symbol }) as TLeverOrderRow;
const event: TLeverTradeEvent = {
  type: 'lever_trade',
  to: 7,
  hazard_rate: '98.5',
  profits_all: '-1.2',
  caution_money_all: '80',
  orders: [row(5, 1), row(4, 0), row(3, 1, 'ETH/USDT'), row(2, 1)],
};

describe('asPage', () => {
  it('keeps the pushed orders of one status on the page’s pair, newest first, with the risk figures', () => {
    const page = asPage(event, pair, 1, undefined);
    expect(page.message.data.map((o) => o.id)).toEqual([5, 2]);
    expect(page.message.total).toBe(2);
    expect(page.rate_profits_total).toEqual({ hazard_rate: '98.5', profits_total: '-1.2', caution_money_total: '80' });
    expect(asPage(event, pair, 0, undefined).message.data.map((o) => o.id)).toEqual([4]);
  });

  it('shows no more rows than the page it replaces holds', () => {
    const previous = asPage(event, pair, 1, undefined);
    previous.message.per_page = 1;
    expect(asPage(event, pair, 1, previous).message.data.map((o) => o.id)).toEqual([5]);
  });
});
