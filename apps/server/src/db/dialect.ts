import { PostgresAdapter, type Kysely } from 'kysely';

/** Which engine a Kysely instance talks to; migrations and a few locks differ. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
