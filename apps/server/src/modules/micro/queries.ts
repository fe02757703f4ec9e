import { sql, type Insertable, type Selectable } from 'kysely';
import { bulkUpdate, type BulkColumn } from '../../db/bulk';
import type { Db } from '../../db/database';
import type { MicroOrderTable } from '../../db/schema';
import { batchHash, type MicroSettleBatch } from './batch';

export type MicroOrderRow = Selectable<MicroOrderTable>;

export const MICRO_STATUS = { open: 1n, closed: 3n } as const;

/**
 * A status as a literal in the SQL text, not a parameter: the planner then sees that a query for
 * open orders matches the partial indexes on them (`where status = 1`).
 */
export const statusLiteral = (status: bigint) => sql.lit(status);

export function selectPayableCurrencies(db: Db) {
  return db
    .selectFrom('micro_currency')
    .innerJoin('currency', 'currency.id', 'micro_currency.currency_id')
    .select(['currency.id', 'currency.name', 'micro_currency.min_units', 'micro_currency.max_units', 'micro_currency.fee_percent_units'])
    .where('micro_currency.payable', '=', 1n)
    .orderBy('currency.sort')
    .execute();
}

export function selectPresets(db: Db) {
  return db.selectFrom('micro_number').select(['currency_id', 'number_units']).orderBy('currency_id').orderBy('sort').execute();
}

export function selectMicroCurrency(db: Db, currencyId: bigint) {
  return db.selectFrom('micro_currency').selectAll().where('currency_id', '=', currencyId).executeTakeFirst();
}

export function selectSecondsOptions(db: Db) {
  return db.selectFrom('micro_seconds').selectAll().orderBy('seconds').execute();
}

export function selectSecondsOption(db: Db, seconds: number) {
  return db.selectFrom('micro_seconds').selectAll().where('seconds', '=', BigInt(seconds)).executeTakeFirst();
}

export async function selectPairOpen(db: Db, pairId: bigint): Promise<boolean> {
  const row = await db.selectFrom('micro_pair').select('open_microtrade').where('pair_id', '=', pairId).executeTakeFirst();
  return row?.open_microtrade === 1n;
}

/** The user's micro balances, by currency. */
export async function selectMicroBalances(db: Db, userId: bigint): Promise<Map<bigint, bigint>> {
  const rows = await db
    .selectFrom('account')
    .select(['currency_id', 'available_units'])
    .where('user_id', '=', userId)
    .where('wallet', '=', 'micro')
    .execute();
  return new Map(rows.map((r) => [r.currency_id, r.available_units]));
}

export async function countOpenOrders(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('micro_order')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', statusLiteral(MICRO_STATUS.open))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOrder(db: Db, order: Insertable<MicroOrderTable>): Promise<bigint> {
  const row = await db.insertInto('micro_order').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Records ticks, a later one of the same millisecond replacing an earlier one (the last trade is the price). */
export async function upsertTicks(db: Db, ticks: readonly { pair_id: bigint; time_ms: bigint; price_units: bigint }[]): Promise<void> {
  for (let i = 0; i < ticks.length; i += 500) {
    await db
      .insertInto('micro_price_tick')
      .values(ticks.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['pair_id', 'time_ms']).doUpdateSet((eb) => ({ price_units: eb.ref('excluded.price_units') })))
      .execute();
  }
}

/** Records a tick unless one is recorded at that millisecond already (the leader's record wins). */
export async function insertTickIfAbsent(db: Db, tick: { pair_id: bigint; time_ms: bigint; price_units: bigint }): Promise<void> {
  await db
    .insertInto('micro_price_tick')
    .values(tick)
    .onConflict((oc) => oc.columns(['pair_id', 'time_ms']).doNothing())
    .execute();
}

/** The last recorded tick of a pair at or before `atMs`. */
export function selectTickAtOrBefore(db: Db, pairId: bigint, atMs: number) {
  return db
    .selectFrom('micro_price_tick')
    .select(['time_ms', 'price_units'])
    .where('pair_id', '=', pairId)
    .where('time_ms', '<=', BigInt(atMs))
    .orderBy('time_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every recorded tick of a pair after `afterMs` up to `toMs`, ascending. */
export function selectTicksAfter(db: Db, pairId: bigint, afterMs: number, toMs: number, max?: number) {
  const ticks = db
    .selectFrom('micro_price_tick')
    .select(['time_ms', 'price_units'])
    .where('pair_id', '=', pairId)
    .where('time_ms', '>', BigInt(afterMs))
    .where('time_ms', '<=', BigInt(toMs))
    .orderBy('time_ms');
  return (max === undefined ? ticks : ticks.limit(max)).execute();
}

/** Recorded ticks of a pair from `fromMs` to `toMs`, at most `max` (the latest kept), ascending. */
export async function selectTicksBetween(db: Db, pairId: bigint, fromMs: number, toMs: number, max: number) {
  const rows = await db
    .selectFrom('micro_price_tick')
    .select(['time_ms', 'price_units'])
    .where('pair_id', '=', pairId)
    .where('time_ms', '>=', BigInt(fromMs))
    .where('time_ms', '<=', BigInt(toMs))
    .orderBy('time_ms', 'desc')
    .limit(max)
    .execute();
  return rows.reverse();
}

/**
 * Open orders with an id above `afterId`, by id: a range of the primary key (the unary plus keeps
 * SQLite's planner off the open orders' index, which would read every open order to keep a few).
 */
export function selectOpenOrders(db: Db, afterId: bigint) {
  return db
    .selectFrom('micro_order')
    .selectAll()
    .where('id', '>', afterId)
    .where(sql<bigint>`+${sql.ref('status')}`, '=', statusLiteral(MICRO_STATUS.open))
    .orderBy('id')
    .execute();
}

/** An order with its pair's symbol and currency's name, as lists show it. */
function ordersWithNames(db: Db) {
  return db
    .selectFrom('micro_order as o')
    .innerJoin('pair as p', 'p.id', 'o.pair_id')
    .innerJoin('currency as base', 'base.id', 'p.currency_id')
    .innerJoin('currency as legal', 'legal.id', 'p.legal_id')
    .innerJoin('currency as paid', 'paid.id', 'o.currency_id')
    .selectAll('o')
    .select(['base.name as base_name', 'legal.name as legal_name', 'paid.name as currency_name']);
}
export type NamedMicroOrder = Awaited<ReturnType<typeof selectNamedOrder>> & object;

export function selectNamedOrder(db: Db, orderId: bigint) {
  return ordersWithNames(db).where('o.id', '=', orderId).executeTakeFirst();
}

/** The names an order row shows for orders of these pairs paid in these currencies, by pair and by currency. */
export async function selectOrderNames(db: Db, pairIds: readonly bigint[], currencyIds: readonly bigint[]) {
  const [pairs, currencies] = await Promise.all([
    db
      .selectFrom('pair as p')
      .innerJoin('currency as base', 'base.id', 'p.currency_id')
      .innerJoin('currency as legal', 'legal.id', 'p.legal_id')
      .select(['p.id', 'base.name as base_name', 'legal.name as legal_name'])
      .where('p.id', 'in', pairIds)
      .execute(),
    db.selectFrom('currency').select(['id', 'name']).where('id', 'in', currencyIds).execute(),
  ]);
  return { pairs: new Map(pairs.map((p) => [p.id, p])), currencies: new Map(currencies.map((c) => [c.id, c.name])) };
}

export async function selectUserOrders(
  db: Db,
  q: { userId: bigint; status: bigint; pairId?: bigint | undefined; page: number; limit: number },
) {
  let base = db.selectFrom('micro_order').where('user_id', '=', q.userId).where('status', '=', statusLiteral(q.status));
  if (q.pairId !== undefined) base = base.where('pair_id', '=', q.pairId);
  const { n } = await base.select((eb) => eb.fn.countAll<string | number | bigint>().as('n')).executeTakeFirstOrThrow();
  let rows = ordersWithNames(db).where('o.user_id', '=', q.userId).where('o.status', '=', statusLiteral(q.status));
  if (q.pairId !== undefined) rows = rows.where('o.pair_id', '=', q.pairId);
  const data = await rows
    .orderBy('o.id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { total: Number(n), data };
}

const CLOSE_COLUMNS: BulkColumn[] = (
  ['end_price_units', 'end_tick_ms', 'payout_units', 'fact_profits_units', 'profit_result', 'settled_at_ms', 'settle_seq', 'prev_hash', 'hash', 'id'] as const
).map((name) => ({ name, type: name.endsWith('hash') ? 'bytea' : 'bigint' }));

/** Closes open orders with their settlement records, set-based; answers how many were open and are now closed. */
export function closeOrders(db: Db, batch: MicroSettleBatch, settledAtMs: number): Promise<number> {
  const settledAt = BigInt(settledAtMs);
  const { tip, orderIds, endPriceUnits, endTickMs, payoutUnits, factProfitsUnits, profitResults } = batch;
  return bulkUpdate(
    db,
    'micro_order',
    CLOSE_COLUMNS,
    // the ids' column itself, the other columns by index
    orderIds,
    (orderId, i) => [endPriceUnits[i], endTickMs[i], payoutUnits[i], factProfitsUnits[i], BigInt(profitResults[i]!), settledAt, tip.seq + BigInt(i + 1), batchHash(batch, i - 1), batchHash(batch, i), orderId],
    { set: `status = ${MICRO_STATUS.closed}`, where: `status = ${MICRO_STATUS.open}` },
  );
}

/** Settled orders: those with a settlement record. */
const settledOrders = (db: Db) => db.selectFrom('micro_order').selectAll().where('settle_seq', 'is not', null);

export function selectLastSettlement(db: Db) {
  return db
    .selectFrom('micro_order')
    .select(['settle_seq as seq', 'hash', 'expires_at_ms'])
    .where('settle_seq', 'is not', null)
    .$narrowType<{ seq: bigint; hash: Uint8Array }>()
    .orderBy('settle_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function selectSettlementOfOrder(db: Db, orderId: bigint) {
  return settledOrders(db).where('id', '=', orderId).executeTakeFirst();
}

export function selectSettlements(db: Db, afterSeq: bigint, limit: number) {
  return settledOrders(db).where('settle_seq', '>', afterSeq).orderBy('settle_seq').limit(limit).execute();
}

/** The order a micro transaction's reference (`micro_order:<id>`) names; 0 for another reference. */
const orderIdOf = (reference: string | null) => BigInt(/^micro_order:(\d+)$/.exec(reference ?? '')?.[1] ?? '0');

/** When the ledger took each order's stake (its `micro_submit` transaction): the order's acceptance. */
export async function selectLedgerAcceptances(db: Db): Promise<Map<bigint, number>> {
  const txns = await db.selectFrom('ledger_txn').select(['reference', 'created_at_ms']).where('kind', '=', 'micro_submit').execute();
  return new Map(txns.map((t) => [orderIdOf(t.reference), Number(t.created_at_ms)] as const));
}

/** Orders closed with no settlement record. */
export async function selectClosedWithoutRecord(db: Db): Promise<bigint[]> {
  const rows = await db.selectFrom('micro_order').select('id').where('status', '=', MICRO_STATUS.closed).where('settle_seq', 'is', null).execute();
  return rows.map((r) => r.id);
}

/**
 * What the ledger paid back to each settled order's owner (available, so a loss is 0), found from
 * the settlement transactions themselves so an order whose record is gone still shows.
 */
export async function selectLedgerPayouts(db: Db): Promise<Map<bigint, bigint>> {
  const txns = await db.selectFrom('ledger_txn').select(['id', 'reference']).where('kind', '=', 'micro_settle').execute();
  const entries = await db
    .selectFrom('ledger_entry as e')
    .innerJoin('ledger_txn as t', 't.id', 'e.txn_id')
    .innerJoin('account as a', 'a.id', 'e.account_id')
    .select(['e.txn_id', 'e.delta_units'])
    .where('t.kind', '=', 'micro_settle')
    .where('e.bucket', '=', 'available')
    .where('a.user_id', 'is not', null)
    .execute();
  const byTxn = new Map<bigint, bigint>();
  for (const e of entries) byTxn.set(e.txn_id, (byTxn.get(e.txn_id) ?? 0n) + e.delta_units);
  const payouts = new Map<bigint, bigint>();
  for (const t of txns) {
    const orderId = orderIdOf(t.reference);
    payouts.set(orderId, (payouts.get(orderId) ?? 0n) + (byTxn.get(t.id) ?? 0n));
  }
  return payouts;
}

/** Open orders due by `atMs`, oldest expiry first. */
export function selectDueOpenOrders(db: Db, atMs: number, limit: number) {
  return db
    .selectFrom('micro_order')
    .selectAll()
    .where('status', '=', statusLiteral(MICRO_STATUS.open))
    .where('expires_at_ms', '<=', BigInt(atMs))
    .orderBy('expires_at_ms')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function selectMicroPairIds(db: Db): Promise<bigint[]> {
  const rows = await db.selectFrom('micro_pair').select('pair_id').where('open_microtrade', '=', 1n).execute();
  return rows.map((r) => r.pair_id);
}
