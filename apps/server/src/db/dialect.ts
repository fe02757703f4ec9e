import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** Which engine a Kysely instance talks to; migrations and a few locks differ. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A table with an auto-increment 64-bit primary key `id` on either engine (for migrations). */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
