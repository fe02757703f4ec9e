import { sql, type Kysely } from 'kysely';

/**
 * Each pair's precision: the price tick (prices are multiples of it: the feed, the book and every
 * price shown) and the amount step (amounts shown are cut to it). Pairs with spot rules take
 * theirs; others the spec's default of 4 decimals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pair')
    .addColumn('price_tick_units', 'bigint', (c) => c.notNull().defaultTo(10_000).check(sql`price_tick_units > 0`))
    .execute();
  await db.schema
    .alterTable('pair')
    .addColumn('amount_step_units', 'bigint', (c) => c.notNull().defaultTo(10_000).check(sql`amount_step_units > 0`))
    .execute();
  await sql`update pair set
      price_tick_units = (select tick_units from spot_rule where spot_rule.pair_id = pair.id),
      amount_step_units = (select lot_units from spot_rule where spot_rule.pair_id = pair.id)
    where exists (select 1 from spot_rule where spot_rule.pair_id = pair.id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
