import { sql, type Kysely } from 'kysely';

/**
 * The market maker's quoting settings per pair: rungs each side, spread, rung step and size; and
 * the index the public book is read by (resting orders of a pair and side by price).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spot_maker')
    .addColumn('pair_id', 'bigint', (c) => c.primaryKey().references('pair.id'))
    .addColumn('is_active', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('levels', 'bigint', (c) => c.notNull().check(sql`levels >= 0`))
    /** percents in units: 0.1% is 10_000_000 */
    .addColumn('spread_percent_units', 'bigint', (c) => c.notNull().check(sql`spread_percent_units >= 0`))
    .addColumn('step_percent_units', 'bigint', (c) => c.notNull().check(sql`step_percent_units > 0`))
    /** base amount of each rung */
    .addColumn('size_units', 'bigint', (c) => c.notNull().check(sql`size_units > 0`))
    .execute();
  await db.schema.createIndex('spot_order_book_idx').on('spot_order').columns(['pair_id', 'status', 'side', 'price_units']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
