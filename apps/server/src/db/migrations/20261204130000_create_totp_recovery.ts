import { sql, type Kysely } from 'kysely';

/**
 * Recovery codes of a TOTP secret, for a lost phone: stored hashed (each is random enough that a
 * plain SHA-256 cannot be reversed), each good once (`used_at_ms`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp_recovery')
    .addColumn('subject_kind', 'text', (c) => c.notNull().check(sql`subject_kind in ('staff', 'user')`))
    .addColumn('subject_id', 'bigint', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('totp_recovery_pk', ['subject_kind', 'subject_id', 'code_hash'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
