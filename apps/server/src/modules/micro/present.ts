import { canonicalMicroRecord, formatUnits, MICRO_TYPE_OF, type MicroOrder, type MicroSettlement, type MicroSettlementRecord } from '@tidemark/core';
import type { TMicroOrderRow, TMicroSettlementRecord } from '@tidemark/protocol';
import { hashHex } from './batch';
import { MICRO_STATUS, type MicroOrderRow, type NamedMicroOrder } from './queries';


/** A stored open order as the core's engine holds it. */
export function orderOf(row: MicroOrderRow): MicroOrder {
  return {
    orderId: row.id,
    userId: row.user_id,
    pairId: row.pair_id,
    currencyId: row.currency_id,
    direction: row.type === 1n ? 'up' : 'down',
    seconds: Number(row.seconds),
    numberUnits: row.number_units,
    feeUnits: row.fee_units,
    profitRatioPercentUnits: row.profit_ratio_units,
    openedAtMs: Number(row.opened_at_ms),
    expiresAtMs: Number(row.expires_at_ms),
    openTick: { priceUnits: row.open_price_units, atMs: Number(row.open_tick_ms) },
  };
}

/** The columns an order is stored with when it is taken (its status aside). */
export function openedOrderColumns(order: MicroOrder) {
  return {
    user_id: order.userId,
    pair_id: order.pairId,
    currency_id: order.currencyId,
    type: order.direction === 'up' ? 1n : 2n,
    seconds: BigInt(order.seconds),
    number_units: order.numberUnits,
    fee_units: order.feeUnits,
    profit_ratio_units: order.profitRatioPercentUnits,
    opened_at_ms: BigInt(order.openedAtMs),
    expires_at_ms: BigInt(order.expiresAtMs),
    open_price_units: order.openTick.priceUnits,
    open_tick_ms: BigInt(order.openTick.atMs),
  };
}

/** An order row as `presentOrder` reads it: the stored row and its names, the record's hashes aside. */
export type PresentedMicroOrder = Omit<NamedMicroOrder, 'prev_hash' | 'hash'>;

/**
 * A settled order's row as `presentOrder` gives it once stored, built straight from what the
 * batch wrote (no read back, no stored row between): a settler builds one for each order heard,
 * amounts formatted by `format` (formatUnits, as its caller remembers it).
 */
export function closedOrderRow(
  { order, settlement }: { order: MicroOrder; settlement: MicroSettlement },
  names: { symbol_name: string; currency_name: string },
  format: (units: bigint) => string,
): TMicroOrderRow {
  return {
    id: Number(order.orderId),
    match_id: Number(order.pairId),
    symbol_name: names.symbol_name,
    currency_id: Number(order.currencyId),
    currency_name: names.currency_name,
    type: MICRO_TYPE_OF[order.direction],
    status: CLOSED,
    seconds: order.seconds,
    number: format(order.numberUnits),
    fee: format(order.feeUnits),
    profit_ratio: format(order.profitRatioPercentUnits),
    open_price: format(order.openTick.priceUnits),
    open_price_time: order.openTick.atMs,
    end_price: format(settlement.endTick.priceUnits),
    end_price_time: settlement.endTick.atMs,
    fact_profits: format(settlement.factProfitsUnits),
    profit_result: settlement.profitResult,
    remain_milli_seconds: 0,
    created_at: order.openedAtMs,
    end_at: order.expiresAtMs,
  };
}
const CLOSED = Number(MICRO_STATUS.closed);

/** The spec's order row; `remain_milli_seconds` counts down to the expiry and is 0 once due. */
export function presentOrder(row: PresentedMicroOrder, nowMs: number): TMicroOrderRow {
  const closed = row.status === MICRO_STATUS.closed;
  return {
    id: Number(row.id),
    match_id: Number(row.pair_id),
    symbol_name: `${row.base_name}/${row.legal_name}`,
    currency_id: Number(row.currency_id),
    currency_name: row.currency_name,
    type: Number(row.type),
    status: Number(row.status),
    seconds: Number(row.seconds),
    number: formatUnits(row.number_units),
    fee: formatUnits(row.fee_units),
    profit_ratio: formatUnits(row.profit_ratio_units),
    open_price: formatUnits(row.open_price_units),
    open_price_time: Number(row.open_tick_ms),
    end_price: closed && row.end_price_units !== null ? formatUnits(row.end_price_units) : '',
    end_price_time: row.end_tick_ms === null ? null : Number(row.end_tick_ms),
    fact_profits: formatUnits(row.fact_profits_units ?? 0n),
    profit_result: Number(row.profit_result ?? 0n),
    remain_milli_seconds: closed ? 0 : Math.max(0, Number(row.expires_at_ms) - nowMs),
    created_at: Number(row.opened_at_ms),
    end_at: Number(row.expires_at_ms),
  };
}

/** A settled order's settlement record, as its row holds it; throws on a row without one. */
export function recordOf(row: MicroOrderRow): MicroSettlementRecord {
  const { settle_seq: seq, prev_hash: prevHash, hash, end_price_units: endPriceUnits, end_tick_ms: endTickMs, payout_units: payoutUnits, fact_profits_units: factProfitsUnits, profit_result: profitResult } = row;
  if (seq === null || prevHash === null || hash === null || endPriceUnits === null || endTickMs === null || payoutUnits === null || factProfitsUnits === null || profitResult === null) {
    throw new Error(`micro order ${row.id} has no settlement record`);
  }
  return {
    seq,
    orderId: row.id,
    pairId: row.pair_id,
    currencyId: row.currency_id,
    direction: row.type === 1n ? 'up' : 'down',
    seconds: Number(row.seconds),
    numberUnits: row.number_units,
    profitRatioPercentUnits: row.profit_ratio_units,
    openedAtMs: Number(row.opened_at_ms),
    expiresAtMs: Number(row.expires_at_ms),
    openPriceUnits: row.open_price_units,
    openTickMs: Number(row.open_tick_ms),
    endPriceUnits,
    endTickMs: Number(endTickMs),
    // the spec's profit_result: 1, 0, -1
    outcome: profitResult === 1n ? 'win' : profitResult === 0n ? 'draw' : 'loss',
    payoutUnits,
    factProfitsUnits,
    prevHash: hashHex(prevHash),
    hash: hashHex(hash),
  };
}

/** A record as published: every hashed field, and the exact text the hash covers. */
export function presentRecord(r: MicroSettlementRecord): TMicroSettlementRecord {
  const { hash: _hash, ...body } = r;
  return {
    seq: r.seq.toString(),
    order_id: Number(r.orderId),
    match_id: Number(r.pairId),
    currency_id: Number(r.currencyId),
    direction: r.direction,
    seconds: r.seconds,
    number: formatUnits(r.numberUnits),
    profit_ratio: formatUnits(r.profitRatioPercentUnits),
    opened_at: r.openedAtMs,
    expires_at: r.expiresAtMs,
    open_price: formatUnits(r.openPriceUnits),
    open_tick_time: r.openTickMs,
    end_price: formatUnits(r.endPriceUnits),
    end_tick_time: r.endTickMs,
    outcome: r.outcome,
    payout: formatUnits(r.payoutUnits),
    fact_profits: formatUnits(r.factProfitsUnits),
    prev_hash: r.prevHash,
    hash: r.hash,
    canonical: canonicalMicroRecord(body),
  };
}
