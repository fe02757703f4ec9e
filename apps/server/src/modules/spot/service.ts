import {
  checkSpotSubmit,
  fillPostings,
  freezePostings,
  releasePostings,
  type Depth,
  type Posting,
  type SpotCommand,
  type SpotEvent,
  type SpotFillEvent,
  type SpotOpenOrder,
  type SpotOrderSpec,
  type SpotPairRules,
  type SpotRejection,
  type Trade,
} from '@tidemark/core';
import { limits, type SpotOrderStatus } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { SpotOrderRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { postTransaction } from '../ledger/service';
import { legsOf } from '../ledger/legs';
import {
  clearCancelRequest,
  countLiveOrders,
  insertFill,
  insertSpotOrder,
  markCancelRequested,
  selectBookSide,
  selectBookState,
  selectLiveOrdersOf,
  selectMakerConfigs,
  selectPairFills,
  selectSpotOrder,
  selectSpotPair,
  selectSpotPairs,
  selectUserFills,
  selectUserOrders,
  updateOrderProgress,
  type OrderProgress,
  type SpotPairRow,
} from './queries';

export function rulesOf(row: SpotPairRow): SpotPairRules {
  return {
    baseCurrencyId: row.currency_id,
    quoteCurrencyId: row.legal_id,
    tickUnits: row.tick_units,
    lotUnits: row.lot_units,
    minValueUnits: row.min_value_units,
    makerFeePercentUnits: row.maker_fee_percent_units,
    takerFeePercentUnits: row.taker_fee_percent_units,
    bandPercentUnits: row.band_percent_units,
  };
}

/** The core's postings as ledger legs, in the traders' spot (`change`) wallets. */
const spotLegs = (postings: readonly Posting[]) => legsOf(postings, 'change');

/** The trader's order as the form gives it, before the pair's checks. */
export interface SubmitInput {
  userId: bigint;
  currencyId: bigint;
  legalId: bigint;
  side: 'buy' | 'sell';
  market: boolean;
  priceUnits?: bigint | undefined;
  amountUnits?: bigint | undefined;
  totalUnits?: bigint | undefined;
  /** the request's idempotency key, carried by the freeze's ledger transaction */
  ledgerKey?: string | undefined;
}

function specOf(input: SubmitInput): SpotOrderSpec {
  const { side, priceUnits, amountUnits, totalUnits } = input;
  if (!input.market) {
    if (priceUnits === undefined || amountUnits === undefined) throw new Rejection('spot_order_invalid');
    return { kind: 'limit', side, priceUnits, amountUnits };
  }
  if (amountUnits !== undefined) return { kind: 'market', side, amountUnits };
  if (side === 'buy' && totalUnits !== undefined) return { kind: 'market_quote', side, quoteUnits: totalUnits };
  throw new Rejection('spot_order_invalid');
}

/**
 * Accepts a spot order: checked against the pair's rules and the index price, its funds frozen
 * and the order stored in one transaction. The matcher takes it once woken; it re-checks the
 * order against the index it then holds.
 */
export async function submitOrder(db: Db, input: SubmitInput, indexPriceOf: (pairId: bigint) => bigint | null, nowMs: number) {
  const pair = await selectSpotPair(db, input.currencyId, input.legalId);
  if (!pair) throw new Rejection('spot_pair_not_found');
  const rules = rulesOf(pair);
  const spec = specOf(input);
  const checked = checkSpotSubmit(rules, spec, indexPriceOf(pair.pair_id));
  if ('rejection' in checked) throw new Rejection(checked.rejection);
  const orderId = await inTransaction(db, async (trx) => {
    const id = await insertSpotOrder(trx, {
      user_id: input.userId,
      pair_id: pair.pair_id,
      side: spec.side,
      kind: spec.kind,
      price_units: spec.kind === 'limit' ? spec.priceUnits : null,
      amount_units: spec.kind === 'market_quote' ? null : spec.amountUnits,
      quote_units: spec.kind === 'market_quote' ? spec.quoteUnits : null,
      frozen_units: checked.frozenUnits,
      maker_fee_percent_units: rules.makerFeePercentUnits,
      taker_fee_percent_units: rules.takerFeePercentUnits,
      status: 'accepted',
      seq: null,
      cancel_reason: null,
      created_at_ms: BigInt(nowMs),
      updated_at_ms: BigInt(nowMs),
    });
    const postings = freezePostings(rules, input.userId, spec.side, checked.frozenUnits);
    await postTransaction(
      trx,
      { kind: 'spot_freeze', reference: `spot_order:${id}`, legs: spotLegs(postings), ...(input.ledgerKey ? { idempotencyKey: input.ledgerKey } : {}) },
      nowMs,
    );
    // counted after the freeze, which holds the user's account row: concurrent orders on it count each other
    const max = limits.spotOpenOrdersPerUserMax;
    if ((await countLiveOrders(trx, input.userId)) > max) throw new Rejection('spot_open_orders_max', { max });
    return id;
  });
  return (await selectSpotOrder(db, orderId))!;
}

/** Asks the matcher to cancel one of the user's live orders; any other order is not found. */
export async function requestCancel(db: Db, userId: bigint, orderId: bigint, nowMs: number): Promise<void> {
  if (!(await markCancelRequested(db, userId, orderId, nowMs))) throw new Rejection('spot_order_not_found');
}

const pageOf = (page: number, limit: number) => ({ offset: (page - 1) * limit, limit });

async function pairIdOf(db: Db, currencyId: number | undefined, legalId: number | undefined): Promise<bigint | null | undefined> {
  if (currencyId === undefined || legalId === undefined) return null;
  return (await selectSpotPair(db, BigInt(currencyId), BigInt(legalId)))?.pair_id;
}

const STATUS_GROUPS: Record<number, readonly SpotOrderStatus[]> = { 0: ['accepted', 'open'], 3: ['filled', 'cancelled'] };

export async function myOrders(
  db: Db,
  input: { userId: bigint; currencyId?: number | undefined; legalId?: number | undefined; status: number; page: number; limit: number },
) {
  const pairId = await pairIdOf(db, input.currencyId, input.legalId);
  if (pairId === undefined) return { total: 0, data: [] };
  return selectUserOrders(db, { userId: input.userId, pairId, statuses: STATUS_GROUPS[input.status]! }, pageOf(input.page, input.limit));
}

export async function myFills(
  db: Db,
  input: { userId: bigint; currencyId?: number | undefined; legalId?: number | undefined; page: number; limit: number },
) {
  const pairId = await pairIdOf(db, input.currencyId, input.legalId);
  if (pairId === undefined) return { total: 0, data: [] };
  return selectUserFills(db, { userId: input.userId, pairId }, pageOf(input.page, input.limit));
}

// The matcher's side: what the engine leader reads and writes.

export const spotPairs = (db: Db) => selectSpotPairs(db);

/** A pair's resting orders as the core restores them, and the next sequence its book may give. */
export async function bookState(db: Db, pairId: bigint): Promise<{ orders: SpotOpenOrder[]; nextSeq: number }> {
  const { open, nextSeq } = await selectBookState(db, pairId);
  const orders = open.map((o) => ({
    orderId: o.id,
    userId: o.user_id,
    side: o.side,
    priceUnits: o.price_units!,
    amountUnits: o.amount_units!,
    filledUnits: o.filled_units,
    makerQuoteUnits: o.maker_quote_units,
    takerQuoteUnits: o.taker_quote_units,
    feeUnits: o.fee_units,
    frozenUnits: o.frozen_units,
    makerFeePercentUnits: o.maker_fee_percent_units,
    takerFeePercentUnits: o.taker_fee_percent_units,
    seq: Number(o.seq),
  }));
  return { orders, nextSeq };
}

/** The command that puts a stored accepted order on the book. */
export function placeCommand(order: SpotOrderRow): SpotCommand {
  const side = order.side;
  const spec: SpotOrderSpec =
    order.kind === 'limit'
      ? { kind: 'limit', side, priceUnits: order.price_units!, amountUnits: order.amount_units! }
      : order.kind === 'market'
        ? { kind: 'market', side, amountUnits: order.amount_units! }
        : { kind: 'market_quote', side: 'buy', quoteUnits: order.quote_units! };
  return { type: 'place', orderId: order.id, userId: order.user_id, order: spec, frozenUnits: order.frozen_units };
}

/** What one command changed, for the owners' notices: order id -> [user, status]. */
export type Touched = Map<bigint, { userId: bigint; status: SpotOrderStatus }>;


/** What the matcher decided for one command (the core's step), as its leader job takes it. */
export interface SpotDecision {
  pairId: bigint;
  rules: SpotPairRules;
  command: SpotCommand;
  /** what the book decided: its events, or why it refused (the book itself stays with the matcher) */
  result: { events: SpotEvent[] } | { rejection: SpotRejection };
  nowMs: number;
}

/**
 * Writes everything one matcher decision says (order states, fills, the fills' and releases'
 * ledger transactions) in one database transaction. The matcher's book already holds the
 * decision: if this write fails it rebuilds the book from the database. A refused place ends the
 * stored order and returns its frozen funds.
 */
export async function persistSpotDecision(db: Db, { pairId, rules, command, result, nowMs }: SpotDecision): Promise<{ touched: Touched; fills: SpotFillEvent[] }> {
  if ('rejection' in result) {
    if (command.type === 'place') return { touched: await refusePlace(db, rules, command, result.rejection, nowMs), fills: [] };
    if (command.type === 'cancel') return { touched: await refuseCancel(db, command.orderId, nowMs), fills: [] };
    throw new Error(`spot command ${command.type} refused: ${result.rejection}`);
  }
  const touched = await inTransaction(db, (trx) => persistEvents(trx, rules, pairId, result.events, nowMs));
  return { touched, fills: result.events.filter((e): e is SpotFillEvent => e.type === 'fill') };
}

async function persistEvents(trx: Db, rules: SpotPairRules, pairId: bigint, events: SpotEvent[], nowMs: number): Promise<Touched> {
  const progress = new Map<bigint, OrderProgress>();
  const touched: Touched = new Map();
  // each order as the book held it before this command: its write names that state (see updateOrderProgress)
  const of = (orderId: bigint, userId: bigint, before: OrderProgress['before']) => {
    let p = progress.get(orderId);
    if (!p) {
      p = { before, filledUnits: 0n, makerQuoteUnits: 0n, takerQuoteUnits: 0n, feeUnits: 0n };
      progress.set(orderId, p);
      touched.set(orderId, { userId, status: 'open' });
    }
    return p;
  };
  for (const event of events) {
    switch (event.type) {
      case 'accepted':
        // the command's taker: stored as accepted, never traded
        of(event.orderId, event.userId, { status: 'accepted', filledUnits: 0n }).seq = event.seq;
        break;
      case 'fill': {
        const maker = of(event.makerOrderId, event.makerUserId, { status: 'open', filledUnits: event.makerFilledUnits - event.baseUnits });
        const taker = progress.get(event.takerOrderId)!;
        maker.filledUnits += event.baseUnits;
        maker.makerQuoteUnits += event.quoteUnits;
        maker.feeUnits += event.makerFeeUnits;
        taker.filledUnits += event.baseUnits;
        taker.takerQuoteUnits += event.quoteUnits;
        taker.feeUnits += event.takerFeeUnits;
        const { txnId } = await postTransaction(
          trx,
          { kind: 'spot_fill', reference: `spot_order:${event.takerOrderId}`, legs: spotLegs(fillPostings(rules, event)) },
          nowMs,
        );
        await insertFill(trx, {
          pair_id: pairId,
          maker_order_id: event.makerOrderId,
          taker_order_id: event.takerOrderId,
          maker_user_id: event.makerUserId,
          taker_user_id: event.takerUserId,
          taker_side: event.takerSide,
          price_units: event.priceUnits,
          base_units: event.baseUnits,
          quote_units: event.quoteUnits,
          maker_fee_units: event.makerFeeUnits,
          taker_fee_units: event.takerFeeUnits,
          txn_id: txnId,
          created_at_ms: BigInt(nowMs),
        });
        break;
      }
      case 'rested':
        progress.get(event.orderId)!.status = 'open';
        break;
      case 'cancelled':
      case 'done': {
        // a resting order cancelled without a fill in this command (by its owner, or a self-trade) is first seen here
        const p = progress.get(event.orderId) ?? of(event.orderId, event.userId, { status: 'open', filledUnits: event.type === 'cancelled' ? event.filledUnits : 0n });
        p.status = event.type === 'done' ? 'filled' : 'cancelled';
        if (event.type === 'cancelled') p.cancelReason = event.reason;
        const legs = spotLegs(releasePostings(event));
        if (legs.length > 0) {
          await postTransaction(trx, { kind: 'spot_release', reference: `spot_order:${event.orderId}`, legs }, nowMs);
        }
        break;
      }
    }
  }
  for (const [orderId, p] of progress) {
    if (!(await updateOrderProgress(trx, orderId, p, nowMs))) throw new SpotOrderMoved(orderId, p.before);
    touched.get(orderId)!.status = p.status ?? 'open';
  }
  return touched;
}

/**
 * An order was not in the state the matcher's book held (another writer changed it): the
 * command's transaction rolls back, nothing of it written, and the matcher rebuilds the book.
 */
export class SpotOrderMoved extends Error {
  constructor(orderId: bigint, before: OrderProgress['before']) {
    super(`spot order ${orderId} was no longer ${before.status} with ${before.filledUnits} filled: the book is behind the database`);
  }
}

/** The matcher refused a stored order (the index moved, or there is none): it ends and its funds return. */
async function refusePlace(
  db: Db,
  rules: SpotPairRules,
  command: Extract<SpotCommand, { type: 'place' }>,
  rejection: SpotRejection,
  nowMs: number,
): Promise<Touched> {
  const { orderId, userId, frozenUnits } = command;
  await inTransaction(db, async (trx) => {
    const releasedCurrencyId = command.order.side === 'buy' ? rules.quoteCurrencyId : rules.baseCurrencyId;
    // the release of the whole freeze, as the core would write it for an order that never traded
    const release = { type: 'cancelled', orderId, userId, side: command.order.side, reason: 'user', remainingUnits: 0n, filledUnits: 0n, releasedUnits: frozenUnits, releasedCurrencyId, atMs: nowMs } as const;
    const legs = spotLegs(releasePostings(release));
    if (legs.length > 0) await postTransaction(trx, { kind: 'spot_release', reference: `spot_order:${orderId}`, legs }, nowMs);
    const before = { status: 'accepted', filledUnits: 0n } as const;
    const change = { before, filledUnits: 0n, makerQuoteUnits: 0n, takerQuoteUnits: 0n, feeUnits: 0n, status: 'cancelled', cancelReason: rejection } as const;
    if (!(await updateOrderProgress(trx, orderId, change, nowMs))) throw new SpotOrderMoved(orderId, before);
  });
  return new Map([[orderId, { userId, status: 'cancelled' }]]);
}

/** A cancel request for an order no longer on the book (it filled meanwhile): the request is dropped. */
async function refuseCancel(db: Db, orderId: bigint, nowMs: number): Promise<Touched> {
  await clearCancelRequest(db, orderId, nowMs);
  return new Map();
}

/** A pair's spot rules by its currency ids. */
export async function spotPair(db: Db, currencyId: bigint, legalId: bigint) {
  const pair = await selectSpotPair(db, currencyId, legalId);
  if (!pair) throw new Rejection('spot_pair_not_found');
  return pair;
}

// The public book and tape of a pair, read from the database on any process (the live pushes come from the leader).

/** The spot book of a pair by its currency ids: best `levels` a side and the last fill price (the index before any). */
export async function pairBook(db: Db, currencyId: bigint, legalId: bigint, indexPriceOf: (pairId: bigint) => bigint | null) {
  const pair = await spotPair(db, currencyId, legalId);
  const levels = limits.spotDepthLevels;
  const [bids, asks, last] = await Promise.all([
    selectBookSide(db, pair.pair_id, 'buy', levels),
    selectBookSide(db, pair.pair_id, 'sell', levels),
    selectPairFills(db, pair.pair_id, 1),
  ]);
  const side = (rows: typeof bids) => rows.map((r): [bigint, bigint] => [r.price_units!, r.amount_units]);
  const depth: Depth = { bids: side(bids), asks: side(asks) };
  return { depth, lastPriceUnits: last[0]?.price_units ?? indexPriceOf(pair.pair_id) ?? 0n };
}

/** A fill as a trade of the tape: the taker's side is its direction. */
export const tradeOfFill = (fill: { priceUnits: bigint; baseUnits: bigint; takerSide: 'buy' | 'sell'; atMs: number }): Trade => ({
  timeMs: fill.atMs,
  priceUnits: fill.priceUnits,
  amountUnits: fill.baseUnits,
  direction: fill.takerSide,
});

/** A pair's latest spot fills, newest first. */
export async function pairFills(db: Db, currencyId: bigint, legalId: bigint) {
  const pair = await spotPair(db, currencyId, legalId);
  const rows = await selectPairFills(db, pair.pair_id, limits.recentTradesMax);
  return rows.map((r) => tradeOfFill({ priceUnits: r.price_units, baseUnits: r.base_units, takerSide: r.taker_side, atMs: Number(r.created_at_ms) }));
}

/** The last spot fill price of a pair, if it ever traded. */
export async function lastFillPrice(db: Db, pairId: bigint): Promise<bigint | null> {
  return (await selectPairFills(db, pairId, 1))[0]?.price_units ?? null;
}

// The market maker's side (the leader's spot engine quotes through submitOrder and the matcher like any trader).

export const makerConfigs = (db: Db) => selectMakerConfigs(db);
export const liveOrdersOf = (db: Db, userId: bigint) => selectLiveOrdersOf(db, userId);
