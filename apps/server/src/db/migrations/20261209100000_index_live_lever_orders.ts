import { sql, type Kysely } from 'kysely';

/**
 * A user's live lever orders on a pair get a partial index, so the caps' count at every submit
 * reads a few index entries, not each live order's row through the (user_id, status) index. The
 * condition is written as a literal in the count as well, so the planner matches it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('lever_order_live_user_pair_idx')
    .on('lever_order')
    .columns(['user_id', 'pair_id', 'status'])
    .where(sql<boolean>`status in (0, 1)`)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
