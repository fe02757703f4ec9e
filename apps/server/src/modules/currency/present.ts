import { UNITS_PER_COIN, divRound, formatUnits } from '@tidemark/core';
import type { TQuotation } from '@tidemark/protocol';
import type { PairRow } from './queries';

/** Market figures of a pair; before the feed has ticked, the reference price and no movement. */
export interface PairStats {
  lastPriceUnits: bigint;
  openPriceUnits: bigint;
  highUnits: bigint;
  lowUnits: bigint;
  volumeUnits: bigint;
}

export function initialStats(pair: PairRow): PairStats {
  const p = pair.reference_price_units;
  return { lastPriceUnits: p, openPriceUnits: p, highUnits: p, lowUnits: p, volumeUnits: 0n };
}

/** change in percent over the day, 2 decimals as the spec shows it */
function changePercent(stats: PairStats): string {
  if (stats.openPriceUnits === 0n) return '0.00';
  const percentUnits = divRound(
    (stats.lastPriceUnits - stats.openPriceUnits) * 100n * UNITS_PER_COIN,
    stats.openPriceUnits,
    'half_even',
  );
  return formatUnits(percentUnits, 2);
}

export function presentQuotation(pair: PairRow, stats: PairStats): TQuotation {
  return {
    id: Number(pair.id),
    currency_id: Number(pair.currency_id),
    currency_name: pair.currency_name,
    legal_id: Number(pair.legal_id),
    legal_name: pair.legal_name,
    logo: pair.logo,
    is_display: Number(pair.is_display),
    now_price: formatUnits(stats.lastPriceUnits),
    change: changePercent(stats),
    volume: formatUnits(stats.volumeUnits),
    high: formatUnits(stats.highUnits),
    low: formatUnits(stats.lowUnits),
    spread: formatUnits(pair.spread_units, 2),
    lever_trade_fee: formatUnits(pair.lever_trade_fee_units, 2),
    lever_share_num: formatUnits(pair.lever_share_num_units),
  };
}
