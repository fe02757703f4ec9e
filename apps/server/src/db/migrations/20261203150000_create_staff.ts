import { sql, type Kysely } from 'kysely';

/**
 * The staff console: staff roles beside the `user` row a staff member already has (so reviews
 * and the audit log keep pointing at `user.id`), TOTP secrets for any subject, session kinds,
 * locks on traders, review reasons and the second approval of large withdrawals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('user.id'))
    .addColumn('staff_role', 'text', (c) => c.notNull().check(sql`staff_role in ('admin', 'reviewer', 'viewer')`))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('totp')
    .addColumn('subject_kind', 'text', (c) => c.notNull().check(sql`subject_kind in ('staff', 'user')`))
    .addColumn('subject_id', 'bigint', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at_ms', 'bigint')
    // the replay guard: a code of this time step or an earlier one is refused
    .addColumn('last_time_step', 'bigint')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('totp_pk', ['subject_kind', 'subject_id'])
    .execute();

  // 'user' for traders; 'staff' for the console; 'staff_totp' between password and code
  await db.schema
    .alterTable('session')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('user').check(sql`kind in ('user', 'staff', 'staff_totp')`))
    .execute();

  // staff locks on a trader: signing in, and withdrawing
  await db.schema.alterTable('user').addColumn('login_locked', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('user').addColumn('withdraw_locked', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('deposit_request').addColumn('review_note', 'text').execute();
  await db.schema.alterTable('withdrawal').addColumn('review_note', 'text').execute();
  await db.schema.alterTable('withdrawal').addColumn('first_approved_by', 'bigint').execute();
  await db.schema.alterTable('withdrawal').addColumn('first_approved_at_ms', 'bigint').execute();
  // from this amount on a withdrawal needs two different staff members' approval; 0: never
  await db.schema
    .alterTable('currency_withdraw')
    .addColumn('dual_approval_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
