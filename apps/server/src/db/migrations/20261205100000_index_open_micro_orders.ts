import { sql, type Kysely } from 'kysely';

/**
 * Open micro orders get partial indexes (by expiry for the settler, by user for the open list and
 * the per-user cap), and all of a user's orders one on (user_id, id). Settling an order then
 * only drops it from the two small partial indexes; it used to move it within two full indexes
 * keyed by status, which grew with every order ever settled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('micro_order_due_idx').execute();
  await db.schema.dropIndex('micro_order_user_idx').execute();
  // status leads though constant: with it an equality, SQLite's planner (no statistics) picks these over a full index
  const open = sql<boolean>`status = 1`;
  await db.schema.createIndex('micro_order_open_due_idx').on('micro_order').columns(['status', 'expires_at_ms', 'id']).where(open).execute();
  await db.schema.createIndex('micro_order_open_user_idx').on('micro_order').columns(['user_id', 'status', 'id']).where(open).execute();
  await db.schema.createIndex('micro_order_user_idx').on('micro_order').columns(['user_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
