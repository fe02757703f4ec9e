import type { Kysely } from 'kysely';

/**
 * One-time invite links of staff members: a new member's, or an admin's reset of a lost password.
 * Only the token's SHA-256 is kept; a link works once (`used_at_ms`) and until `expires_at_ms`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_invite')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('used_at_ms', 'bigint')
    .execute();
  await db.schema.createIndex('staff_invite_user').on('staff_invite').column('user_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
