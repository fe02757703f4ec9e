import { sql, type Kysely } from 'kysely';
import { withId } from '../dialect';

/**
 * Spot exchange: each pair's trading rules, the orders (stored before they are acknowledged,
 * matched by the engine leader in id order) and their fills.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spot_rule')
    .addColumn('pair_id', 'bigint', (c) => c.primaryKey().references('pair.id'))
    .addColumn('tick_units', 'bigint', (c) => c.notNull().check(sql`tick_units > 0`))
    .addColumn('lot_units', 'bigint', (c) => c.notNull().check(sql`lot_units > 0`))
    .addColumn('min_value_units', 'bigint', (c) => c.notNull())
    /** percents in units: 5% is 500_000_000 */
    .addColumn('band_percent_units', 'bigint', (c) => c.notNull())
    .addColumn('maker_fee_percent_units', 'bigint', (c) => c.notNull())
    .addColumn('taker_fee_percent_units', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('spot_order'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('pair_id', 'bigint', (c) => c.notNull().references('pair.id'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('buy', 'sell')`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('limit', 'market', 'market_quote')`))
    .addColumn('price_units', 'bigint')
    .addColumn('amount_units', 'bigint')
    .addColumn('quote_units', 'bigint')
    .addColumn('frozen_units', 'bigint', (c) => c.notNull())
    .addColumn('maker_fee_percent_units', 'bigint', (c) => c.notNull())
    .addColumn('taker_fee_percent_units', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('accepted', 'open', 'filled', 'cancelled')`))
    /** the book's sequence, given when the engine takes the order */
    .addColumn('seq', 'bigint')
    .addColumn('filled_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('maker_quote_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('taker_quote_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cancel_requested', 'bigint', (c) => c.notNull().defaultTo(0))
    /** why it ended unfilled: a cancel reason of the engine, or its refusal code */
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spot_order_status_idx').on('spot_order').columns(['status', 'id']).execute();
  await db.schema.createIndex('spot_order_user_idx').on('spot_order').columns(['user_id', 'pair_id', 'id']).execute();
  await db.schema.createIndex('spot_order_seq_idx').on('spot_order').columns(['pair_id', 'seq']).execute();

  await withId(db, db.schema.createTable('spot_fill'))
    .addColumn('pair_id', 'bigint', (c) => c.notNull().references('pair.id'))
    .addColumn('maker_order_id', 'bigint', (c) => c.notNull().references('spot_order.id'))
    .addColumn('taker_order_id', 'bigint', (c) => c.notNull().references('spot_order.id'))
    .addColumn('maker_user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('taker_user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('taker_side', 'text', (c) => c.notNull().check(sql`taker_side in ('buy', 'sell')`))
    .addColumn('price_units', 'bigint', (c) => c.notNull())
    .addColumn('base_units', 'bigint', (c) => c.notNull())
    .addColumn('quote_units', 'bigint', (c) => c.notNull())
    .addColumn('maker_fee_units', 'bigint', (c) => c.notNull())
    .addColumn('taker_fee_units', 'bigint', (c) => c.notNull())
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('ledger_txn.id'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spot_fill_maker_idx').on('spot_fill').columns(['maker_user_id', 'id']).execute();
  await db.schema.createIndex('spot_fill_taker_idx').on('spot_fill').columns(['taker_user_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
