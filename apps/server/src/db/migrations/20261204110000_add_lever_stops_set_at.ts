import { sql, type Kysely } from 'kysely';

/**
 * When an order's take-profit and stop-loss were last set: a catch-up replaying recorded prices
 * fires them only on prices recorded after it. Orders already placed had theirs set at submit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lever_order')
    .addColumn('stops_set_at_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update lever_order set stops_set_at_ms = submitted_at_ms`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
