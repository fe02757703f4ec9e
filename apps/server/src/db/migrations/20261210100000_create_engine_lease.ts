import { sql, type Kysely } from 'kysely';

/**
 * The engine leader's term: one row whose epoch only grows, bumped by each process that takes the
 * lead, and read (shared-locked on PostgreSQL) first in every transaction an engine commits, so a
 * write of an earlier term is refused (see modules/leadership). And the engines or parts of them
 * (a pair's spot book) that stopped because their state could not be rebuilt, for the console.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_lease')
    .addColumn('id', 'bigint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .addColumn('gained_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('engine_lease' as never).values({ id: 1, epoch: 0, gained_at_ms: 0 } as never).execute();
  await db.schema
    .createTable('engine_fault')
    .addColumn('engine', 'text', (c) => c.notNull())
    /** what of the engine stopped: `pair 1`, or `engine` for all of it */
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('since_ms', 'bigint', (c) => c.notNull())
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('engine_fault_pk', ['engine', 'scope'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
