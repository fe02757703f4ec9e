import { sql, type Kysely } from 'kysely';

/**
 * Market history: stored candle periods (the rest are rolled up when asked) and one-second
 * price bars, kept so any settlement can be checked against the price it used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_candle')
    .addColumn('pair_id', 'bigint', (c) => c.notNull().references('pair.id'))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('1min', '60min', '1day')`))
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    .addColumn('open_units', 'bigint', (c) => c.notNull())
    .addColumn('high_units', 'bigint', (c) => c.notNull())
    .addColumn('low_units', 'bigint', (c) => c.notNull())
    .addColumn('close_units', 'bigint', (c) => c.notNull())
    .addColumn('volume_units', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_candle_pk', ['pair_id', 'period', 'time_ms'])
    .execute();

  await db.schema
    .createTable('price_second')
    .addColumn('pair_id', 'bigint', (c) => c.notNull().references('pair.id'))
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    .addColumn('open_units', 'bigint', (c) => c.notNull())
    .addColumn('high_units', 'bigint', (c) => c.notNull())
    .addColumn('low_units', 'bigint', (c) => c.notNull())
    .addColumn('close_units', 'bigint', (c) => c.notNull())
    .addColumn('volume_units', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_second_pk', ['pair_id', 'time_ms'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
