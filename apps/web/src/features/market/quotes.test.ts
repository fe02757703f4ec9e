import { describe, expect, it } from 'vitest';
import type { Quotation, QuotationGroup } from '../../api/queries';
import { initialGroup, listPairs } from './quotes';

const pair = (id: number, currency_name: string, is_display = 1): Quotation => ({
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
  price_tick: '0.0001',
  amount_step: '0.0001',
});

const groups: QuotationGroup[] = [
  { id: 1, name: 'USDT', quotation: [pair(1, 'BTC'), pair(2, 'ETH'), pair(9, 'HID', 0)] },
  { id: 2, name: 'Alt', quotation: [pair(5, 'XRP'), pair(2, 'ETH')] },
];

const shown = (listed: ReturnType<typeof listPairs>) =>
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
