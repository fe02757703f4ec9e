import { formatUnits, formatUnitsShort, type DayStats } from '@tidemark/core';
import type { TQuotation } from '@tidemark/protocol';
import { presentDayStats } from '../market/present';
import type { PairRow } from './queries';

/** A pair with its 24-hour market figures. */
export function presentQuotation(pair: PairRow, stats: DayStats): TQuotation {
  return {
    id: Number(pair.id),
    currency_id: Number(pair.currency_id),
    currency_name: pair.currency_name,
    legal_id: Number(pair.legal_id),
    legal_name: pair.legal_name,
    logo: pair.logo,
    is_display: Number(pair.is_display),
    ...presentDayStats(stats),
    spread: formatUnits(pair.spread_units, 2),
    lever_trade_fee: formatUnits(pair.lever_trade_fee_units, 2),
    lever_share_num: formatUnits(pair.lever_share_num_units),
    open_microtrade: pair.open_microtrade === 1n ? 1 : 0,
    open_lever: pair.open_lever === 1n ? 1 : 0,
    price_tick: formatUnitsShort(pair.price_tick_units),
    amount_step: formatUnitsShort(pair.amount_step_units),
  };
}
