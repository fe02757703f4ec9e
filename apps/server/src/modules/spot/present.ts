import { formatUnits, UNITS_PER_COIN } from '@tidemark/core';
import { displayTime as display, SPOT_ORDER_STATUSES, type TSpotFillRow, type TSpotOrderRow } from '@tidemark/protocol';
import type { SpotFillView, SpotOrderView } from './queries';
import type { TCoinPairResponse } from '@tidemark/protocol';

const fmtOrEmpty = (units: bigint | null) => (units === null ? '' : formatUnits(units));
const symbolOf = (row: { base_name: string; quote_name: string }) => `${row.base_name}/${row.quote_name}`;
const sideNumber = (side: 'buy' | 'sell') => (side === 'buy' ? 1 : 2);

export function presentOrder(row: SpotOrderView): TSpotOrderRow {
  const tradedUnits = row.maker_quote_units + row.taker_quote_units;
  return {
    id: Number(row.id),
    currency_id: Number(row.currency_id),
    legal_id: Number(row.legal_id),
    symbol: symbolOf(row),
    type: sideNumber(row.side),
    side: row.side,
    order_type: row.kind === 'limit' ? 0 : 1,
    price: fmtOrEmpty(row.price_units),
    number: fmtOrEmpty(row.amount_units),
    total: fmtOrEmpty(row.quote_units),
    filled: formatUnits(row.filled_units),
    filled_total: formatUnits(tradedUnits),
    avg_price: row.filled_units === 0n ? '' : formatUnits((tradedUnits * UNITS_PER_COIN) / row.filled_units),
    fee: formatUnits(row.fee_units),
    status: SPOT_ORDER_STATUSES.indexOf(row.status),
    created_at: display(row.created_at_ms),
    created_at_ms: Number(row.created_at_ms),
    updated_at_ms: Number(row.updated_at_ms),
  };
}

/** A fill from the side of `userId` (who may be its maker or its taker). */
export function presentFill(row: SpotFillView, userId: bigint): TSpotFillRow {
  const taker = row.taker_user_id === userId;
  const side = taker ? row.taker_side : row.taker_side === 'buy' ? 'sell' : 'buy';
  return {
    id: Number(row.id),
    order_id: Number(taker ? row.taker_order_id : row.maker_order_id),
    currency_id: Number(row.currency_id),
    legal_id: Number(row.legal_id),
    symbol: symbolOf(row),
    type: sideNumber(side),
    side,
    role: taker ? 'taker' : 'maker',
    price: formatUnits(row.price_units),
    number: formatUnits(row.base_units),
    total: formatUnits(row.quote_units),
    fee: formatUnits(taker ? row.taker_fee_units : row.maker_fee_units),
    time: display(row.created_at_ms),
    ts: Number(row.created_at_ms),
  };
}

/** A pair's spot rules for the order form. */
export function presentRules(pair: {
  currency_id: bigint;
  legal_id: bigint;
  tick_units: bigint;
  lot_units: bigint;
  min_value_units: bigint;
  maker_fee_percent_units: bigint;
  taker_fee_percent_units: bigint;
  band_percent_units: bigint;
}): TCoinPairResponse['message'] {
  return {
    currency_id: Number(pair.currency_id),
    legal_id: Number(pair.legal_id),
    price_step: formatUnits(pair.tick_units),
    amount_step: formatUnits(pair.lot_units),
    min_total: formatUnits(pair.min_value_units),
    maker_fee: formatUnits(pair.maker_fee_percent_units),
    taker_fee: formatUnits(pair.taker_fee_percent_units),
    band: formatUnits(pair.band_percent_units),
  };
}
