import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Which engine a Kysely instance talks to; migrations and a few locks differ. */
export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A table with an auto-increment 64-bit primary key `id` on either engine (for migrations). */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Serialises money decisions of one user that read before they write (daily limits): a row lock
 * on PostgreSQL; SQLite already runs one writing transaction at a time. FOR NO KEY UPDATE, not
 * FOR UPDATE: a row the transaction wrote earlier with a foreign key to the user (the money
 * call's idempotency claim) holds a KEY SHARE lock on it, and two requests of one user each
 * upgrading theirs to FOR UPDATE deadlock.
 */
export async function lockUser(db: Kysely<Database>, userId: bigint): Promise<void> {
  if (isPostgres(db)) await db.selectFrom('user').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/**
 * Serialises the processes that seed one database at start (held to the transaction's end): their
 * inserts skip what exists by id, but two at once would collide on the other unique columns.
 */
export async function lockSeeding(db: Kysely<Database>): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext('tidemark:seed'))`.execute(db);
}
