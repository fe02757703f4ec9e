import { sql } from 'kysely';
import type { SpotOrderStatus } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { Insertable } from 'kysely';
import type { SpotFillTable, SpotOrderTable } from '../../db/schema';

/** A pair with its spot rules and the names of its two currencies, by the pair's currency ids. */
export function selectSpotPair(db: Db, currencyId: bigint, legalId: bigint) {
  return db
    .selectFrom('pair')
    .innerJoin('spot_rule', 'spot_rule.pair_id', 'pair.id')
    .innerJoin('currency as base', 'base.id', 'pair.currency_id')
    .innerJoin('currency as quote', 'quote.id', 'pair.legal_id')
    .selectAll('spot_rule')
    .select(['pair.currency_id', 'pair.legal_id', 'base.name as base_name', 'quote.name as quote_name'])
    .where('pair.currency_id', '=', currencyId)
    .where('pair.legal_id', '=', legalId)
    .executeTakeFirst();
}

/** Every pair that trades spot, with its rules. */
export function selectSpotPairs(db: Db) {
  return db
    .selectFrom('pair')
    .innerJoin('spot_rule', 'spot_rule.pair_id', 'pair.id')
    .selectAll('spot_rule')
    .select(['pair.currency_id', 'pair.legal_id'])
    .orderBy('pair.id')
    .execute();
}
export type SpotPairRow = Awaited<ReturnType<typeof selectSpotPairs>>[number];

export async function insertSpotOrder(db: Db, order: Insertable<SpotOrderTable>): Promise<bigint> {
  const row = await db.insertInto('spot_order').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const orderColumns = (db: Db) =>
  db
    .selectFrom('spot_order')
    .innerJoin('pair', 'pair.id', 'spot_order.pair_id')
    .innerJoin('currency as base', 'base.id', 'pair.currency_id')
    .innerJoin('currency as quote', 'quote.id', 'pair.legal_id')
    .selectAll('spot_order')
    .select(['pair.currency_id', 'pair.legal_id', 'base.name as base_name', 'quote.name as quote_name']);

export function selectSpotOrder(db: Db, orderId: bigint) {
  return orderColumns(db).where('spot_order.id', '=', orderId).executeTakeFirst();
}
export type SpotOrderView = NonNullable<Awaited<ReturnType<typeof selectSpotOrder>>>;

/** One page of a user's orders in the given statuses, newest first, and their count. */
export async function selectUserOrders(
  db: Db,
  filter: { userId: bigint; pairId: bigint | null; statuses: readonly SpotOrderStatus[] },
  page: { offset: number; limit: number },
) {
  let base = db.selectFrom('spot_order').where('user_id', '=', filter.userId).where('status', 'in', filter.statuses);
  if (filter.pairId !== null) base = base.where('pair_id', '=', filter.pairId);
  const { count } = await base.select(sql<bigint>`count(*)`.as('count')).executeTakeFirstOrThrow();
  let rows = orderColumns(db).where('spot_order.user_id', '=', filter.userId).where('spot_order.status', 'in', filter.statuses);
  if (filter.pairId !== null) rows = rows.where('spot_order.pair_id', '=', filter.pairId);
  const data = await rows.orderBy('spot_order.id', 'desc').limit(page.limit).offset(page.offset).execute();
  return { total: Number(count), data };
}

/** One page of a user's fills (either side), newest first, and their count. */
export async function selectUserFills(db: Db, filter: { userId: bigint; pairId: bigint | null }, page: { offset: number; limit: number }) {
  const mine = db
    .selectFrom('spot_fill')
    .where((eb) => eb.or([eb('maker_user_id', '=', filter.userId), eb('taker_user_id', '=', filter.userId)]))
    .$if(filter.pairId !== null, (q) => q.where('pair_id', '=', filter.pairId!));
  const { count } = await mine.select(sql<bigint>`count(*)`.as('count')).executeTakeFirstOrThrow();
  const data = await mine
    .innerJoin('pair', 'pair.id', 'spot_fill.pair_id')
    .innerJoin('currency as base', 'base.id', 'pair.currency_id')
    .innerJoin('currency as quote', 'quote.id', 'pair.legal_id')
    .selectAll('spot_fill')
    .select(['pair.currency_id', 'pair.legal_id', 'base.name as base_name', 'quote.name as quote_name'])
    .orderBy('spot_fill.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(count), data };
}
export type SpotFillView = Awaited<ReturnType<typeof selectUserFills>>['data'][number];

/** Marks a user's live order for cancelling; false when it is not the user's or already ended. */
export async function markCancelRequested(db: Db, userId: bigint, orderId: bigint, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('spot_order')
    .set({ cancel_requested: 1n, updated_at_ms: BigInt(nowMs) })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['accepted', 'open'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function clearCancelRequest(db: Db, orderId: bigint, nowMs: number): Promise<void> {
  await db.updateTable('spot_order').set({ cancel_requested: 0n, updated_at_ms: BigInt(nowMs) }).where('id', '=', orderId).execute();
}

// The matcher's reads and writes.

/** Orders the matcher has not taken yet, in acceptance (id) order, but those of the pairs `skipped`. */
export function selectAcceptedOrders(db: Db, afterId: bigint, limit: number, skipped: readonly bigint[]) {
  return db
    .selectFrom('spot_order')
    .selectAll()
    .where('status', '=', 'accepted')
    .where('id', '>', afterId)
    .$if(skipped.length > 0, (q) => q.where('pair_id', 'not in', skipped))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Resting orders whose owners asked to cancel them, but those of the pairs `skipped`. */
export function selectCancelRequests(db: Db, limit: number, skipped: readonly bigint[]) {
  return db
    .selectFrom('spot_order')
    .select(['id', 'user_id', 'pair_id'])
    .where('status', '=', 'open')
    .where('cancel_requested', '=', 1n)
    .$if(skipped.length > 0, (q) => q.where('pair_id', 'not in', skipped))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A pair's resting orders in book sequence, and the next sequence the book may give. */
export async function selectBookState(db: Db, pairId: bigint) {
  const open = await db.selectFrom('spot_order').selectAll().where('pair_id', '=', pairId).where('status', '=', 'open').orderBy('seq').execute();
  const top = await db.selectFrom('spot_order').select((eb) => eb.fn.max('seq').as('max_seq')).where('pair_id', '=', pairId).executeTakeFirst();
  return { open, nextSeq: Number(top?.max_seq ?? 0n) + 1 };
}

/** What one engine command did to an order: the state it found it in, growth of its traded figures and its new state. */
export interface OrderProgress {
  /** the order's status and filled amount as the book held them before the command */
  before: { status: SpotOrderStatus; filledUnits: bigint };
  filledUnits: bigint;
  makerQuoteUnits: bigint;
  takerQuoteUnits: bigint;
  feeUnits: bigint;
  status?: SpotOrderStatus;
  seq?: number;
  cancelReason?: string;
}

/**
 * Applies an order's progress if the order is still as the matcher's book held it (its status and
 * filled amount); false, changing nothing, when it is not: a command applied twice, or by two
 * writers, cannot fill an order twice.
 */
export async function updateOrderProgress(db: Db, orderId: bigint, change: OrderProgress, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('spot_order')
    .set((eb) => ({
      filled_units: eb('filled_units', '+', change.filledUnits),
      maker_quote_units: eb('maker_quote_units', '+', change.makerQuoteUnits),
      taker_quote_units: eb('taker_quote_units', '+', change.takerQuoteUnits),
      fee_units: eb('fee_units', '+', change.feeUnits),
      updated_at_ms: BigInt(nowMs),
      ...(change.status ? { status: change.status } : {}),
      ...(change.seq !== undefined ? { seq: BigInt(change.seq) } : {}),
      ...(change.cancelReason ? { cancel_reason: change.cancelReason } : {}),
    }))
    .where('id', '=', orderId)
    .where('status', '=', change.before.status)
    .where('filled_units', '=', change.before.filledUnits)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertFill(db: Db, fill: Insertable<SpotFillTable>): Promise<void> {
  await db.insertInto('spot_fill').values(fill).execute();
}

// The public book and tape, and the market maker's reads.

/** One side of a pair's spot book from its resting orders: amount by price, best first. */
export function selectBookSide(db: Db, pairId: bigint, side: 'buy' | 'sell', levels: number) {
  return db
    .selectFrom('spot_order')
    .select(['price_units', sql<bigint>`cast(sum(amount_units - filled_units) as bigint)`.as('amount_units')])
    .where('pair_id', '=', pairId)
    .where('status', '=', 'open')
    .where('side', '=', side)
    .groupBy('price_units')
    .orderBy('price_units', side === 'buy' ? 'desc' : 'asc')
    .limit(levels)
    .execute();
}

/** A pair's latest spot fills, newest first. */
export function selectPairFills(db: Db, pairId: bigint, limit: number) {
  return db
    .selectFrom('spot_fill')
    .select(['id', 'price_units', 'base_units', 'taker_side', 'created_at_ms'])
    .where('pair_id', '=', pairId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
export type PairFillRow = Awaited<ReturnType<typeof selectPairFills>>[number];

/** How many orders a user has waiting or resting, every pair together. */
export async function countLiveOrders(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('spot_order')
    .select(sql<bigint>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['accepted', 'open'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The market maker's settings of every pair it quotes. */
export function selectMakerConfigs(db: Db) {
  return db.selectFrom('spot_maker').selectAll().where('is_active', '=', 1n).where('levels', '>', 0n).execute();
}

/** A user's live orders of every pair (the market maker's quotes, on gain). */
export function selectLiveOrdersOf(db: Db, userId: bigint) {
  return db
    .selectFrom('spot_order')
    .select(['id', 'pair_id', 'side', 'price_units', 'amount_units'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['accepted', 'open'])
    .orderBy('id')
    .execute();
}

/**
 * Deletes up to `limit` orders of the user `email` cancelled before `beforeMs` without a fill (no
 * fill refers to them; their freeze and release, netting to nothing, stay in the ledger); answers how many.
 */
export async function deleteUnfilledCancelled(db: Db, email: string, beforeMs: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('spot_order')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('spot_order as o')
        .innerJoin('user', 'user.id', 'o.user_id')
        .select('o.id')
        .where('user.email', '=', email)
        .where('o.status', '=', 'cancelled')
        .where('o.filled_units', '=', 0n)
        .where('o.updated_at_ms', '<', BigInt(beforeMs))
        .orderBy('o.id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
