import { sql, type Kysely } from 'kysely';
import { withId } from '../dialect';

/** Notices staff write in the six languages; traders read the published ones. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notice'))
    // JSON: { zh: { title, body }, hk: ..., en: ..., kr: ..., jp: ..., spa: ... }
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('published', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`published in (0, 1)`))
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
