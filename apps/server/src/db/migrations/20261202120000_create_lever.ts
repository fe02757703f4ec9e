import { sql, type Kysely } from 'kysely';
import { withId } from '../dialect';

/**
 * Leveraged contracts: each pair's contract settings (spread, fee and contract size stay on
 * `pair`, where the quotation shows them) and every order from entrust to close, with the price
 * and tick time of its fill and of its close, so every settlement can be re-checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lever_pair')
    .addColumn('pair_id', 'bigint', (c) => c.primaryKey().references('pair.id'))
    .addColumn('is_open', 'bigint', (c) => c.notNull())
    /** comma-separated whole numbers: the allowed leverages and the hand presets */
    .addColumn('multiples', 'text', (c) => c.notNull())
    .addColumn('hand_presets', 'text', (c) => c.notNull())
    .addColumn('hands_min', 'bigint', (c) => c.notNull())
    .addColumn('hands_max', 'bigint', (c) => c.notNull())
    .addColumn('maintenance_percent_units', 'bigint', (c) => c.notNull())
    .addColumn('stop_range_units', 'bigint', (c) => c.notNull())
    .addColumn('positions_per_user_max', 'bigint', (c) => c.notNull())
    .addColumn('entrusts_per_user_max', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('lever_order'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('pair_id', 'bigint', (c) => c.notNull().references('pair.id'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull())
    .addColumn('direction', 'bigint', (c) => c.notNull().check(sql`direction in (1, 2)`))
    .addColumn('entry_mode', 'bigint', (c) => c.notNull().check(sql`entry_mode in (0, 1)`))
    .addColumn('status', 'bigint', (c) => c.notNull().check(sql`status in (0, 1, 3, 4)`))
    .addColumn('multiple', 'bigint', (c) => c.notNull())
    .addColumn('hands', 'bigint', (c) => c.notNull())
    .addColumn('quantity_units', 'bigint', (c) => c.notNull())
    .addColumn('origin_price_units', 'bigint', (c) => c.notNull())
    .addColumn('open_price_units', 'bigint', (c) => c.notNull())
    .addColumn('value_units', 'bigint', (c) => c.notNull())
    .addColumn('margin_units', 'bigint', (c) => c.notNull())
    .addColumn('fee_units', 'bigint', (c) => c.notNull())
    .addColumn('maintenance_margin_units', 'bigint', (c) => c.notNull())
    .addColumn('liquidation_price_units', 'bigint', (c) => c.notNull())
    .addColumn('take_profit_units', 'bigint', (c) => c.notNull())
    .addColumn('stop_loss_units', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('opened_at_ms', 'bigint')
    .addColumn('open_tick_price_units', 'bigint')
    .addColumn('open_tick_at_ms', 'bigint')
    .addColumn('close_reason', 'text', (c) => c.check(sql`close_reason in ('manual', 'take_profit', 'stop_loss', 'liquidation')`))
    .addColumn('close_price_units', 'bigint')
    .addColumn('close_tick_at_ms', 'bigint')
    .addColumn('closed_at_ms', 'bigint')
    .addColumn('pnl_units', 'bigint')
    .addColumn('payout_units', 'bigint')
    .addColumn('shortfall_units', 'bigint')
    .addColumn('cancelled_at_ms', 'bigint')
    .execute();
  await db.schema.createIndex('lever_order_user_status').on('lever_order').columns(['user_id', 'status', 'id']).execute();
  // the engine's rebuild reads the live orders only
  await db.schema.createIndex('lever_order_status').on('lever_order').columns(['status', 'pair_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
