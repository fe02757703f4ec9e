import { sql, type Kysely } from 'kysely';
import { withId } from '../dialect';

/**
 * Micro options: which pairs, currencies and expiries are offered, the orders with the exact
 * feed ticks they opened and ended at, the recorded ticks of micro pairs, and the hash-chained
 * settlement records anyone can re-check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('micro_pair')
    .addColumn('pair_id', 'bigint', (c) => c.primaryKey().references('pair.id'))
    .addColumn('open_microtrade', 'bigint', (c) => c.notNull().check(sql`open_microtrade in (0, 1)`))
    .execute();

  await db.schema
    .createTable('micro_currency')
    .addColumn('currency_id', 'bigint', (c) => c.primaryKey().references('currency.id'))
    .addColumn('payable', 'bigint', (c) => c.notNull().check(sql`payable in (0, 1)`))
    .addColumn('min_units', 'bigint', (c) => c.notNull().check(sql`min_units > 0`))
    .addColumn('max_units', 'bigint', (c) => c.notNull().check(sql`max_units >= min_units`))
    .addColumn('fee_percent_units', 'bigint', (c) => c.notNull().check(sql`fee_percent_units >= 0`))
    .execute();

  await withId(db, db.schema.createTable('micro_number'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('micro_currency.currency_id'))
    .addColumn('number_units', 'bigint', (c) => c.notNull().check(sql`number_units > 0`))
    .addColumn('sort', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('micro_number_currency_number_uq', ['currency_id', 'number_units'])
    .execute();

  await db.schema
    .createTable('micro_seconds')
    .addColumn('seconds', 'bigint', (c) => c.primaryKey().check(sql`seconds > 0`))
    .addColumn('profit_ratio_units', 'bigint', (c) => c.notNull().check(sql`profit_ratio_units >= 0`))
    .addColumn('status', 'bigint', (c) => c.notNull().check(sql`status in (0, 1)`))
    .execute();

  await withId(db, db.schema.createTable('micro_order'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('pair_id', 'bigint', (c) => c.notNull().references('pair.id'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('type', 'bigint', (c) => c.notNull().check(sql`type in (1, 2)`))
    .addColumn('status', 'bigint', (c) => c.notNull().check(sql`status in (1, 3)`))
    .addColumn('seconds', 'bigint', (c) => c.notNull())
    .addColumn('number_units', 'bigint', (c) => c.notNull().check(sql`number_units > 0`))
    .addColumn('fee_units', 'bigint', (c) => c.notNull())
    .addColumn('profit_ratio_units', 'bigint', (c) => c.notNull())
    .addColumn('opened_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('open_price_units', 'bigint', (c) => c.notNull())
    .addColumn('open_tick_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_price_units', 'bigint')
    .addColumn('end_tick_ms', 'bigint')
    .addColumn('payout_units', 'bigint')
    .addColumn('fact_profits_units', 'bigint')
    .addColumn('profit_result', 'bigint')
    .addColumn('settled_at_ms', 'bigint')
    .execute();
  await db.schema.createIndex('micro_order_due_idx').on('micro_order').columns(['status', 'expires_at_ms']).execute();
  await db.schema.createIndex('micro_order_user_idx').on('micro_order').columns(['user_id', 'status', 'id']).execute();

  // every trade price of a micro pair the leader saw: the last one of each millisecond
  await db.schema
    .createTable('micro_price_tick')
    .addColumn('pair_id', 'bigint', (c) => c.notNull().references('pair.id'))
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    .addColumn('price_units', 'bigint', (c) => c.notNull().check(sql`price_units > 0`))
    .addPrimaryKeyConstraint('micro_price_tick_pk', ['pair_id', 'time_ms'])
    .execute();

  await db.schema
    .createTable('micro_settlement')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('micro_order.id'))
    .addColumn('pair_id', 'bigint', (c) => c.notNull())
    .addColumn('currency_id', 'bigint', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('up', 'down')`))
    .addColumn('seconds', 'bigint', (c) => c.notNull())
    .addColumn('number_units', 'bigint', (c) => c.notNull())
    .addColumn('profit_ratio_units', 'bigint', (c) => c.notNull())
    .addColumn('opened_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('open_price_units', 'bigint', (c) => c.notNull())
    .addColumn('open_tick_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_price_units', 'bigint', (c) => c.notNull())
    .addColumn('end_tick_ms', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('win', 'draw', 'loss')`))
    .addColumn('payout_units', 'bigint', (c) => c.notNull())
    .addColumn('fact_profits_units', 'bigint', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('ledger_txn.id'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
