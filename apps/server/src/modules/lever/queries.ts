import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared';
import type { LeverOrderTable } from '../../db/schema';
import { sql, type Insertable, type Updateable } from 'kysely';

export function selectLeverPairs(db: Db) {
  return db
    .selectFrom('lever_pair')
    .innerJoin('pair', 'pair.id', 'lever_pair.pair_id')
    .selectAll('lever_pair')
    .select(['pair.legal_id', 'pair.currency_id', 'pair.spread_units', 'pair.lever_trade_fee_units', 'pair.lever_share_num_units'])
    .orderBy('lever_pair.pair_id')
    .execute();
}

export function selectLeverPair(db: Db, pairId: bigint) {
  return db
    .selectFrom('lever_pair')
    .innerJoin('pair', 'pair.id', 'lever_pair.pair_id')
    .selectAll('lever_pair')
    .select(['pair.legal_id', 'pair.currency_id', 'pair.spread_units', 'pair.lever_trade_fee_units', 'pair.lever_share_num_units'])
    .where('lever_pair.pair_id', '=', pairId)
    .executeTakeFirst();
}
export type LeverPairSettings = NonNullable<Awaited<ReturnType<typeof selectLeverPair>>>;

/** Pending entrusts and open positions: of everyone (the engine's rebuild) or of one user on one pair. */
export function selectLiveOrders(db: Db, filter: { userId?: bigint; pairId?: bigint } = {}) {
  let query = db.selectFrom('lever_order').selectAll().where('status', 'in', [0n, 1n]);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.pairId !== undefined) query = query.where('pair_id', '=', filter.pairId);
  return query.orderBy('id').execute();
}

// every submit counts and inserts: compiled once
const countLive = preparedQuery<{ userId: bigint; pairId: bigint }, { status: bigint; n: bigint }>((db, arg) =>
  db
    .selectFrom('lever_order')
    .select(['status', (eb) => eb.fn.countAll<bigint>().as('n')])
    .where('user_id', '=', arg('userId'))
    .where('pair_id', '=', arg('pairId'))
    // a literal, as the partial index of live orders is written, so the planner takes it
    .where(sql<boolean>`status in (0, 1)`)
    .groupBy('status'),
);

/** How many pending entrusts and open positions a user has on a pair (the caps). */
export async function countLiveOrders(db: Db, userId: bigint, pairId: bigint): Promise<{ entrusts: number; positions: number }> {
  const { rows } = await countLive(db, { userId, pairId });
  const of = (status: bigint) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { entrusts: of(0n), positions: of(1n) };
}

/**
 * Orders above `afterId` (new since the engine looked) and the named orders, in any status (the
 * caller keeps the live ones): each part by the primary key, so a look costs what changed. (With
 * a status filter SQLite walks the status index over every live order; with one OR, the table.)
 */
export function selectNewOrNamedOrders(db: Db, afterId: bigint, ids: readonly bigint[]) {
  const fresh = db.selectFrom('lever_order').selectAll().where('id', '>', afterId);
  return (ids.length > 0 ? fresh.union(db.selectFrom('lever_order').selectAll().where('id', 'in', ids)) : fresh)
    .orderBy('id')
    .execute();
}

export async function selectLastOrderId(db: Db): Promise<bigint> {
  const row = await db
    .selectFrom('lever_order')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? 0n : BigInt(row.id);
}

/** Everyone holding an open position (status 1). */
export async function selectPositionHolders(db: Db): Promise<bigint[]> {
  const rows = await db.selectFrom('lever_order').select('user_id').distinct().where('status', '=', 1n).execute();
  return rows.map((row) => row.user_id);
}

export function selectOwnOrder(db: Db, userId: bigint, orderId: bigint) {
  return db.selectFrom('lever_order').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
}

/** The columns a submit writes; the others (the close's) start empty. */
const NEW_ORDER_COLUMNS = [
  'user_id',
  'pair_id',
  'currency_id',
  'direction',
  'entry_mode',
  'status',
  'multiple',
  'hands',
  'quantity_units',
  'origin_price_units',
  'open_price_units',
  'value_units',
  'margin_units',
  'fee_units',
  'maintenance_margin_units',
  'liquidation_price_units',
  'take_profit_units',
  'stop_loss_units',
  'submitted_at_ms',
  'opened_at_ms',
  'open_tick_price_units',
  'open_tick_at_ms',
  'stops_set_at_ms',
] as const;
export type NewLeverOrder = { [K in (typeof NEW_ORDER_COLUMNS)[number]]: Insertable<LeverOrderTable>[K] };

const insertNewOrder = preparedQuery<NewLeverOrder, { id: bigint }>((db, arg) =>
  db
    .insertInto('lever_order')
    .values(Object.fromEntries(NEW_ORDER_COLUMNS.map((column) => [column, arg(column)])) as NewLeverOrder)
    .returning('id'),
);

export async function insertOrder(db: Db, row: NewLeverOrder): Promise<bigint> {
  const { rows } = await insertNewOrder(db, row);
  return rows[0]!.id;
}

/** Updates the order only while it still has `status`: the guard that makes a close or fill happen once. */
/**
 * Changes an order only while it has the status expected and, with `stopsSetAtMs`, the take-profit
 * and stop-loss of that change: true when it did.
 */
export async function updateOrderIf(db: Db, orderId: bigint, status: bigint, set: Updateable<LeverOrderTable>, stopsSetAtMs?: bigint): Promise<boolean> {
  let query = db.updateTable('lever_order').set(set).where('id', '=', orderId).where('status', '=', status);
  if (stopsSetAtMs !== undefined) query = query.where('stops_set_at_ms', '=', stopsSetAtMs);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function selectOrdersPage(
  db: Db,
  filter: { userId: bigint; status: number; pairId?: bigint },
  page: number,
  perPage: number,
) {
  let query = db.selectFrom('lever_order').where('user_id', '=', filter.userId);
  if (filter.status !== -1) query = query.where('status', '=', BigInt(filter.status));
  if (filter.pairId !== undefined) query = query.where('pair_id', '=', filter.pairId);
  const { total } = await query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { rows, total: Number(total) };
}

export function selectLeverBalance(db: Db, userId: bigint, currencyId: bigint) {
  return db
    .selectFrom('account')
    .select(['available_units', 'frozen_units'])
    .where('user_id', '=', userId)
    .where('wallet', '=', 'lever')
    .where('currency_id', '=', currencyId)
    .executeTakeFirst();
}
