// Leveraged contracts: every decision is the core's (`checkLeverSubmit`, `stepLever`); this module
// persists it. A submit is judged on the caller's count of live orders, a cancel, close or change
// of stops on a small book of the caller's own order; each commits the order and its ledger
// postings in one transaction, and the leader's engine (which watches every live order) is woken
// afterwards by the route. Fills and trigger closes come from the engine through `applyLeverFill` /
// `applyLeverClose`. Every change of status is guarded in SQL by the status it expects, so a close
// happens once however a manual close, a trigger and a restart race.
import {
  checkLeverSubmit,
  formatUnitsShort,
  createLeverBook,
  stepLever,
  type LeverBook,
  type LeverClose,
  type LeverCommand,
  type LeverEvent,
  type LeverOrder,
  type LeverPairConfig,
  type LeverTick,
  type MarketView,
  type Posting,
} from '@tidemark/core';
import { LEVER_ORDER_STATUS, limits, type MessageParams, type LedgerTextKey, type TLeverTradeEvent } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { lockUser } from '../../db/dialect';
import type { LeverOrderRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { legsOf } from '../ledger/legs';
import { postTransaction, refuseShortFunds } from '../ledger/service';
import type { Leg } from '../ledger/types';
import { presentLeverOrders, presentRisk } from './present';
import {
  countLiveOrders,
  insertOrder,
  selectLeverPair,
  selectLastOrderId,
  selectLeverPairs,
  selectLiveOrders,
  selectNewOrNamedOrders,
  selectOrdersPage,
  selectOwnOrder,
  selectPositionHolders,
  updateOrderIf,
  type LeverPairSettings,
} from './queries';

const numbers = (list: string) => list.split(',').filter(Boolean).map(Number);

export function pairConfigOf(settings: LeverPairSettings): LeverPairConfig {
  return {
    pairId: settings.pair_id,
    currencyId: settings.legal_id,
    isOpen: settings.is_open === 1n,
    multiples: numbers(settings.multiples),
    handsMin: Number(settings.hands_min),
    handsMax: Number(settings.hands_max),
    contractSizeUnits: settings.lever_share_num_units,
    spreadPercentUnits: settings.spread_units,
    feePercentUnits: settings.lever_trade_fee_units,
    maintenancePercentUnits: settings.maintenance_percent_units,
    stopRangeUnits: settings.stop_range_units,
    positionsPerUserMax: Number(settings.positions_per_user_max),
    entrustsPerUserMax: Number(settings.entrusts_per_user_max),
    priceMaxAgeMs: limits.leverPriceMaxAgeMs,
  };
}

/** A contract pair's settings, with the core's config made of them. */
export interface LeverPair {
  settings: LeverPairSettings;
  config: LeverPairConfig;
}

/**
 * The contract pairs' settings, read once per pair rather than by every submit; `forget` when
 * staff change them (the `lever` wake, which every process hears). Reads go through the caller's
 * database: inside a call's transaction on SQLite the app's one connection is taken.
 */
export interface LeverPairs {
  of(db: Db, pairId: bigint): Promise<LeverPair | undefined>;
  forget(): void;
}

export function leverPairs(): LeverPairs {
  const known = new Map<bigint, LeverPair | null>();
  // a read that a change overtook must not store what it read
  let generation = 0;
  return {
    async of(db, pairId) {
      const cached = known.get(pairId);
      if (cached !== undefined) return cached ?? undefined;
      const seen = generation;
      const settings = await selectLeverPair(db, pairId);
      const pair = settings ? { settings, config: pairConfigOf(settings) } : null;
      if (seen === generation) known.set(pairId, pair);
      return pair ?? undefined;
    },
    forget() {
      generation += 1;
      known.clear();
    },
  };
}

/** Every contract pair's settings, for the engine. */
export async function leverPairConfigs(db: Db): Promise<LeverPairConfig[]> {
  return (await selectLeverPairs(db)).map(pairConfigOf);
}

export function orderOfRow(row: LeverOrderRow): LeverOrder {
  const status = Number(row.status);
  if (status !== 0 && status !== 1) throw new Error(`lever order ${row.id} is not live`);
  return {
    id: row.id,
    userId: row.user_id,
    pairId: row.pair_id,
    currencyId: row.currency_id,
    direction: Number(row.direction) as 1 | 2,
    entryMode: Number(row.entry_mode) as 0 | 1,
    status,
    multiple: Number(row.multiple),
    hands: Number(row.hands),
    quantityUnits: row.quantity_units,
    originPriceUnits: row.origin_price_units,
    openPriceUnits: row.open_price_units,
    valueUnits: row.value_units,
    marginUnits: row.margin_units,
    feeUnits: row.fee_units,
    maintenanceMarginUnits: row.maintenance_margin_units,
    liquidationPriceUnits: row.liquidation_price_units,
    takeProfitUnits: row.take_profit_units,
    stopLossUnits: row.stop_loss_units,
    submittedAtMs: Number(row.submitted_at_ms),
    openedAtMs: row.opened_at_ms === null ? null : Number(row.opened_at_ms),
    openTickPriceUnits: row.open_tick_price_units,
    openTickAtMs: row.open_tick_at_ms === null ? null : Number(row.open_tick_at_ms),
    stopsSetAtMs: Number(row.stops_set_at_ms),
  };
}

/** Every pending entrust and open position: what the engine rebuilds its book from. */
export async function liveLeverOrders(db: Db): Promise<LeverOrder[]> {
  return (await selectLiveOrders(db)).map(orderOfRow);
}

/**
 * What changed since the engine last looked: live orders above `afterId` and the `named` ones
 * (live, or `gone` when closed or revoked), with the highest id seen.
 */
export async function leverOrdersChanged(db: Db, afterId: bigint, named: readonly bigint[]) {
  // a named order above `afterId` is read with the new ones: a submit's own wake names a new order,
  // and asking for it again costs a second read of it and the union's sort
  const rows = await selectNewOrNamedOrders(db, afterId, named.filter((id) => id <= afterId));
  const live = rows.filter((row) => row.status === 0n || row.status === 1n);
  const liveIds = new Set(live.map((row) => row.id));
  return {
    live: live.map(orderOfRow),
    gone: named.filter((id) => !liveIds.has(id)),
    lastId: rows.reduce((max, row) => (row.id > max ? row.id : max), afterId),
  };
}

/** The highest order id so far: the engine looks above it for new orders. */
export const lastLeverOrderId = (db: Db) => selectLastOrderId(db);

/** The core's postings as ledger legs in the trader's lever wallet, the owner's available legs logged under `texts`, in order. */
const leverLegs = (postings: readonly Posting[], texts: readonly LedgerTextKey[]): Leg[] =>
  legsOf(postings, 'lever', texts.map((text) => ({ category: 'lever', text })));

/** A book of one pair holding `orders`, priced at `tick` (a tick first, so restored orders fire nothing). */
function smallBook(config: LeverPairConfig, tick: LeverTick | null, orders: readonly LeverOrder[]): LeverBook {
  let book = createLeverBook([config]);
  if (tick) book = decided(book, { type: 'tick', pairId: config.pairId, priceUnits: tick.priceUnits, atMs: tick.atMs }, tick.atMs).state;
  return decided(book, { type: 'restore', orders }, 0).state;
}

function decided(book: LeverBook, command: LeverCommand, nowMs: number, tick: LeverTick | null = null): { state: LeverBook; events: LeverEvent[] } {
  const result = stepLever(book, command, { nowMs });
  if ('rejection' in result) throw new Rejection(result.rejection, stopParams(result.rejection, tick));
  return result;
}

/** A stop on the wrong side of the price names the price it was judged at. */
const stopParams = (rejection: string, tick: LeverTick | null): MessageParams =>
  (rejection === 'lever_take_profit_side' || rejection === 'lever_stop_loss_side') && tick ? { price: formatUnitsShort(tick.priceUnits) } : {};

/** The last price of a pair as the caller's process saw it. */
export type TickOf = (pairId: bigint) => LeverTick | null;

/** The last trade the market shows for a pair: the price submits, closes and catch-ups are judged at. */
export const leverTickOf =
  (market: MarketView): TickOf =>
  (pairId) => {
    const trade = market.recentTrades(Number(pairId))[0];
    return trade ? { priceUnits: trade.priceUnits, atMs: trade.timeMs } : null;
  };

/** The engine's submit command, less what the service assigns (the order and account ids). */
export type LeverSubmit = Omit<Extract<LeverCommand, { type: 'submit' }>, 'type' | 'orderId'>;

/** Opens a position at market (or a limit the price reached) or places an entrust: the order, margin and fee in one transaction. */
export function submitLever(db: Db, pairs: LeverPairs, input: LeverSubmit, tick: LeverTick | null, nowMs: number): Promise<LeverOrder> {
  return inTransaction(db, async (trx) => {
    const pair = await pairs.of(trx, input.pairId);
    if (!pair) throw new Rejection('lever_pair_closed');
    const { config } = pair;
    // the caps count the user's live orders: one submit of a user at a time
    await lockUser(trx, input.userId);
    // the caps need only how many live orders the user has, not the orders
    const counts = await countLiveOrders(trx, input.userId, input.pairId);
    const event = checkLeverSubmit(config, tick, counts, { type: 'submit', orderId: 0n, ...input }, { nowMs });
    if ('rejection' in event) {
      // the hand range fills its message
      const params: MessageParams = event.rejection === 'lever_hands_out_of_range' ? { min: config.handsMin, max: config.handsMax } : stopParams(event.rejection, tick);
      throw new Rejection(event.rejection, params);
    }
    const o = event.order;
    const legs = leverLegs(event.postings, ['lever_margin', 'lever_fee']);
    await refuseShortFunds(trx, legs);
    const id = await insertOrder(trx, {
      user_id: o.userId,
      pair_id: o.pairId,
      currency_id: o.currencyId,
      direction: BigInt(o.direction),
      entry_mode: BigInt(o.entryMode),
      status: BigInt(o.status),
      multiple: BigInt(o.multiple),
      hands: BigInt(o.hands),
      quantity_units: o.quantityUnits,
      origin_price_units: o.originPriceUnits,
      open_price_units: o.openPriceUnits,
      value_units: o.valueUnits,
      margin_units: o.marginUnits,
      fee_units: o.feeUnits,
      maintenance_margin_units: o.maintenanceMarginUnits,
      liquidation_price_units: o.liquidationPriceUnits,
      take_profit_units: o.takeProfitUnits,
      stop_loss_units: o.stopLossUnits,
      submitted_at_ms: BigInt(o.submittedAtMs),
      opened_at_ms: o.openedAtMs === null ? null : BigInt(o.openedAtMs),
      open_tick_price_units: o.openTickPriceUnits,
      open_tick_at_ms: o.openTickAtMs === null ? null : BigInt(o.openTickAtMs),
      stops_set_at_ms: BigInt(o.stopsSetAtMs),
    });
    await postTransaction(
      trx,
      { kind: 'lever_open', reference: `lever_order:${id}`, legs },
      nowMs,
    );
    return { ...o, id };
  });
}

async function ownOrder(db: Db, userId: bigint, orderId: bigint): Promise<LeverOrderRow> {
  const row = await selectOwnOrder(db, userId, orderId);
  // another user's id reads exactly like an id that does not exist
  if (!row) throw new Rejection('lever_order_not_found');
  return row;
}

/** Revokes the caller's pending entrust: margin and fee back, once. */
export function cancelLever(db: Db, pairs: LeverPairs, userId: bigint, orderId: bigint, nowMs: number): Promise<void> {
  return inTransaction(db, async (trx) => {
    const row = await ownOrder(trx, userId, orderId);
    if (row.status !== BigInt(LEVER_ORDER_STATUS.pending)) throw new Rejection('lever_order_not_pending');
    const config = await pairConfigOfOrder(trx, pairs, row.pair_id);
    const { events } = decided(smallBook(config, null, [orderOfRow(row)]), { type: 'cancel', orderId, userId }, nowMs);
    const event = events[0]!;
    if (event.type !== 'lever_order_cancelled') throw new Error(`unexpected ${event.type}`);
    const revoked = await updateOrderIf(trx, orderId, 0n, { status: BigInt(LEVER_ORDER_STATUS.revoked), cancelled_at_ms: BigInt(nowMs) });
    if (!revoked) throw new Rejection('lever_order_not_pending');
    await postTransaction(
      trx,
      { kind: 'lever_cancel', reference: `lever_order:${orderId}`, legs: leverLegs(event.postings, ['lever_refund']) },
      nowMs,
    );
  });
}

/** A pair's settings for an order already live: a pair closed for new orders still settles its orders. */
async function pairConfigOfOrder(db: Db, pairs: LeverPairs, pairId: bigint): Promise<LeverPairConfig> {
  const pair = await pairs.of(db, pairId);
  if (!pair) throw new Error(`lever order on pair ${pairId} without contract settings`);
  return pair.config;
}

/** Closes the caller's open position at the current price. */
export function closeLever(db: Db, pairs: LeverPairs, userId: bigint, orderId: bigint, tickOf: TickOf, nowMs: number): Promise<LeverClose> {
  return inTransaction(db, async (trx) => {
    const row = await ownOrder(trx, userId, orderId);
    if (row.status !== BigInt(LEVER_ORDER_STATUS.open)) throw new Rejection('lever_order_not_open');
    const config = await pairConfigOfOrder(trx, pairs, row.pair_id);
    const { events } = decided(smallBook(config, tickOf(row.pair_id), [orderOfRow(row)]), { type: 'close', orderId, userId }, nowMs);
    const event = events[0]!;
    if (event.type !== 'lever_order_closed') throw new Error(`unexpected ${event.type}`);
    if (!(await applyLeverClose(trx, event))) throw new Rejection('lever_order_not_open');
    return event.close;
  });
}

/** Changes the caller's open position's take-profit and stop-loss, validated as at submit. */
export function setLeverStops(
  db: Db,
  pairs: LeverPairs,
  input: { userId: bigint; orderId: bigint; takeProfitUnits: bigint; stopLossUnits: bigint },
  tickOf: TickOf,
  nowMs: number,
): Promise<void> {
  return inTransaction(db, async (trx) => {
    const row = await ownOrder(trx, input.userId, input.orderId);
    if (row.status !== BigInt(LEVER_ORDER_STATUS.open)) throw new Rejection('lever_order_not_open');
    const config = await pairConfigOfOrder(trx, pairs, row.pair_id);
    const tick = tickOf(row.pair_id);
    decided(smallBook(config, tick, [orderOfRow(row)]), { type: 'setstop', ...input }, nowMs, tick);
    const set = await updateOrderIf(trx, input.orderId, 1n, {
      take_profit_units: input.takeProfitUnits,
      stop_loss_units: input.stopLossUnits,
      // every change its own stamp, even two in one millisecond: a close by the stops names the change it saw
      stops_set_at_ms: BigInt(Math.max(nowMs, Number(row.stops_set_at_ms) + 1)),
    });
    if (!set) throw new Rejection('lever_order_not_open');
  });
}

/** The engine's fill of a pending entrust; false when it was revoked meanwhile (nothing written). */
export function applyLeverFill(db: Db, order: LeverOrder): Promise<boolean> {
  return updateOrderIf(db, order.id, 0n, {
    status: BigInt(LEVER_ORDER_STATUS.open),
    opened_at_ms: BigInt(order.openedAtMs!),
    open_tick_price_units: order.openTickPriceUnits,
    open_tick_at_ms: BigInt(order.openTickAtMs!),
  });
}

/**
 * A close (manual or triggered) with its settlement, once: false when the position was already
 * closed, or when a take-profit or stop-loss close was decided on stops the trader has changed
 * since (the engine's view lags a change by its gathered wakes; it reads the order again).
 */
export function applyLeverClose(db: Db, event: Extract<LeverEvent, { type: 'lever_order_closed' }>): Promise<boolean> {
  const { order, close } = event;
  const byStops = close.reason === 'take_profit' || close.reason === 'stop_loss';
  return inTransaction(db, async (trx) => {
    const closed = await updateOrderIf(trx, order.id, 1n, {
      status: BigInt(LEVER_ORDER_STATUS.closed),
      close_reason: close.reason,
      close_price_units: close.closePriceUnits,
      close_tick_at_ms: BigInt(close.closeTickAtMs),
      closed_at_ms: BigInt(close.closedAtMs),
      pnl_units: close.pnlUnits,
      payout_units: close.payoutUnits,
      shortfall_units: close.shortfallUnits,
    }, byStops ? BigInt(order.stopsSetAtMs) : undefined);
    if (!closed) return false;
    await postTransaction(
      trx,
      { kind: 'lever_close', reference: `lever_order:${order.id}`, legs: leverLegs(event.postings, ['lever_settle']) },
      close.closedAtMs,
    );
    return true;
  });
}

/** The caller's orders, a page at a time, with the risk figures of their open positions. */
export async function myLeverOrders(
  db: Db,
  filter: { userId: bigint; status: number; pairId?: bigint },
  page: number,
  perPage: number,
) {
  const [{ rows, total }, open] = await Promise.all([
    selectOrdersPage(db, filter, page, perPage),
    db.isTransaction ? Promise.resolve(null) : selectLiveOrders(db, { userId: filter.userId }),
  ]);
  return { rows, total, live: open ?? [] };
}

/** `lever_trade` for one trader: the risk figures of their open positions and every live order, at the market's last prices. */
export async function leverTradeOf(db: Db, market: MarketView, userId: bigint): Promise<TLeverTradeEvent> {
  const live = await selectLiveOrders(db, { userId });
  const risk = presentRisk(live, market);
  return {
    type: 'lever_trade',
    to: Number(userId),
    hazard_rate: risk.hazard_rate,
    profits_all: risk.profits_total,
    caution_money_all: risk.caution_money_total,
    // newest first, as the record lists show them
    orders: presentLeverOrders([...live].reverse(), market),
  };
}

/** The traders holding an open position: those `lever_trade` keeps current. */
export const leverPositionHolders = (db: Db) => selectPositionHolders(db);
