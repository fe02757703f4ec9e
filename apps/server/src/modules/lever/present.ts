import { formatUnits, marginRatioPercentUnits, settleLever, type MarketView } from '@tidemark/core';
import { displayTime, type TLeverOrderRow } from '@tidemark/protocol';
import type { LeverOrderRow } from '../../db/schema';

const display = (ms: bigint | null) => (ms === null ? '' : displayTime(ms));
const msOrNull = (ms: bigint | null) => (ms === null ? null : Number(ms));
const fmt = (units: bigint) => formatUnits(units);

/** PnL of a live order at `priceUnits` (0 while pending). */
export function livePnlUnits(row: LeverOrderRow, priceUnits: bigint): bigint {
  if (row.status !== 1n) return 0n;
  return settleLever(
    { direction: Number(row.direction) as 1 | 2, openPriceUnits: row.open_price_units, quantityUnits: row.quantity_units, marginUnits: row.margin_units },
    priceUnits,
  ).pnlUnits;
}

export function presentLeverOrder(row: LeverOrderRow, symbol: string, currency: number, markPriceUnits: bigint): TLeverOrderRow {
  const live = row.status === 0n || row.status === 1n;
  const profits = live ? livePnlUnits(row, markPriceUnits) : (row.pnl_units ?? 0n);
  return {
    id: Number(row.id),
    type: Number(row.direction),
    status: Number(row.status),
    symbol,
    currency,
    legal: Number(row.currency_id),
    share: Number(row.hands),
    number: fmt(row.quantity_units),
    multiple: Number(row.multiple),
    price: fmt(row.open_price_units),
    origin_price: fmt(row.origin_price_units),
    update_price: fmt(live ? markPriceUnits : (row.close_price_units ?? markPriceUnits)),
    caution_money: fmt(row.margin_units),
    origin_caution_money: fmt(row.margin_units),
    trade_fee: fmt(row.fee_units),
    overnight_money: fmt(0n),
    profits: fmt(profits),
    target_profit_price: fmt(row.take_profit_units),
    stop_loss_price: fmt(row.stop_loss_units),
    transaction_time: display(row.opened_at_ms ?? row.submitted_at_ms),
    transaction_time_ms: Number(row.opened_at_ms ?? row.submitted_at_ms),
    handle_time: display(row.closed_at_ms),
    handle_time_ms: msOrNull(row.closed_at_ms),
    complete_time: display(row.cancelled_at_ms),
    complete_time_ms: msOrNull(row.cancelled_at_ms),
    open_price: fmt(row.open_price_units),
    close_price: row.close_price_units === null ? null : fmt(row.close_price_units),
    mark_price: fmt(markPriceUnits),
    liquidation_price: fmt(row.liquidation_price_units),
    close_reason: row.close_reason,
    open_tick_price: row.open_tick_price_units === null ? null : fmt(row.open_tick_price_units),
    open_tick_time_ms: msOrNull(row.open_tick_at_ms),
    close_tick_time_ms: msOrNull(row.close_tick_at_ms),
  };
}

/** `hazard_rate`: the open positions' equity over their margin, in percent (100 at open). */
export function presentRisk(live: readonly LeverOrderRow[], market: MarketView) {
  let marginUnits = 0n;
  let pnlUnits = 0n;
  for (const row of live) {
    if (row.status !== 1n) continue;
    marginUnits += row.margin_units;
    pnlUnits += livePnlUnits(row, market.lastPriceUnits(Number(row.pair_id)));
  }
  return {
    hazard_rate: fmt(marginRatioPercentUnits(marginUnits, pnlUnits)),
    profits_total: fmt(pnlUnits),
    caution_money_total: fmt(marginUnits),
  };
}

/** Rows as the wire carries them, each priced at its pair's last price. */
export function presentLeverOrders(rows: readonly LeverOrderRow[], market: MarketView): TLeverOrderRow[] {
  const pairs = new Map(market.pairs().map((p) => [p.pairId, p]));
  return rows.map((row) => {
    const pair = pairs.get(Number(row.pair_id));
    return presentLeverOrder(row, pair?.symbol ?? '', pair?.currencyId ?? 0, market.lastPriceUnits(Number(row.pair_id)));
  });
}
