import { describe, expect, it } from 'vitest';
import type { Quotation, QuotationGroup } from '../../api/queries';
import { isLeverPair } from '../lever/rules';
import { initialGroup, listPairs, pagePair, type Listed } from './quotes';

const pair = (id: number, currency_name: string, is_display = 1, open_lever: 0 | 1 = 1): Quotation => ({
  id,
  currency_id: id,
  currency_name,
  legal_id: 3,
  legal_name: 'USDT',
  logo: '',
  is_display,
  now_price: '1',
  change: '0',
  volume: '0',
  high: '1',
  low: '1',
  spread: '0',
  lever_trade_fee: '0',
  lever_share_num: '1',
  open_microtrade: 0,
  open_lever,
  price_tick: '0.0001',
  amount_step: '0.0001',
});

const groups: QuotationGroup[] = [
  { id: 1, name: 'USDT', quotation: [pair(1, 'BTC'), pair(2, 'ETH'), pair(9, 'HID', 0)] },
  { id: 2, name: 'Alt', quotation: [pair(5, 'XRP'), pair(2, 'ETH')] },
];

const shown = (listed: readonly Listed[]) =>
  listed.map(({ quotation, groupIndex, rowIndex }) => `${quotation.currency_name}@${groupIndex}.${rowIndex}`);

describe('market list', () => {
  it('shows the displayed pairs of the chosen group with their indexes', () => {
    expect(shown(listPairs(groups, 0, ''))).toEqual(['BTC@0.0', 'ETH@0.1']);
    expect(shown(listPairs(groups, 1, ''))).toEqual(['XRP@1.0', 'ETH@1.1']);
  });

  it('searches every group, case-insensitively, once per pair', () => {
    expect(shown(listPairs(groups, 1, ' eth'))).toEqual(['ETH@0.1']);
    expect(shown(listPairs(groups, 0, 'usdt'))).toEqual(['BTC@0.0', 'ETH@0.1', 'XRP@1.0']);
    expect(listPairs(groups, 0, 'hid')).toEqual([]);
  });

  it('opens the stored tab, else the tab holding the pair', () => {
    expect(initialGroup(groups, 'BTC/USDT', '1')).toBe(1);
    expect(initialGroup(groups, 'XRP/USDT', null)).toBe(1);
    expect(initialGroup(groups, 'XRP/USDT', '7')).toBe(1);
    expect(initialGroup(groups, 'DOGE/USDT', null)).toBe(0);
  });
});

describe('the pair a page shows', () => {
  // the contract page's pairs: BNB is closed for contracts; id 2 is the default pair
  const market: QuotationGroup[] = [
    { id: 1, name: 'USDT', quotation: [pair(1, 'ETH'), pair(2, 'BTC'), pair(3, 'BNB', 1, 0)] },
    { id: 2, name: 'Alt', quotation: [pair(5, 'XRP')] },
  ];
  const closing = (ids: number[]) =>
    market.map((group) => ({ ...group, quotation: group.quotation.map((q) => (ids.includes(q.id) ? { ...q, open_lever: 0 as const } : q)) }));
  const pick = (groups: QuotationGroup[], symbol: string) => shown([pagePair(groups, symbol, isLeverPair)!]);

  it('keeps the stored pair when the page lists it', () => {
    expect(pick(market, 'XRP/USDT')).toEqual(['XRP@1.0']);
  });

  it('replaces a stored pair the page does not list by the default pair, else by the first listed', () => {
    expect(pick(market, 'BNB/USDT')).toEqual(['BTC@0.1']);
    expect(pick(market, 'DOGE/USDT')).toEqual(['BTC@0.1']);
    expect(pick(closing([2]), 'BNB/USDT')).toEqual(['ETH@0.0']);
  });

  it('has none when the page lists none', () => {
    expect(pagePair(closing([1, 2, 5]), 'BTC/USDT', isLeverPair)).toBeUndefined();
  });
});
