import { sql, type Kysely } from 'kysely';
import { withId } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('currency')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency_type', 'text', (c) => c.notNull())
    .addColumn('is_match', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_legal', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_lever', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_micro', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('pair_group')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('pair')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('pair_group.id'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('legal_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('is_display', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('spread_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lever_trade_fee_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lever_share_num_units', 'bigint', (c) => c.notNull())
    .addColumn('reference_price_units', 'bigint', (c) => c.notNull())
    .addColumn('sort', 'bigint', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('pair_currency_legal_unique', ['currency_id', 'legal_id'])
    .execute();

  await withId(db, db.schema.createTable('user'))
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('country_code', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('extension_code', 'text', (c) => c.notNull().unique())
    .addColumn('parent_id', 'bigint', (c) => c.references('user.id'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user').check(sql`role in ('user', 'staff')`))
    .addColumn('is_invee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('review_status', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('session'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at_ms', 'bigint')
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').column('user_id').execute();

  await withId(db, db.schema.createTable('account'))
    .addColumn('user_id', 'bigint', (c) => c.references('user.id'))
    .addColumn('system_name', 'text')
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('wallet', 'text', (c) =>
      c.notNull().check(sql`wallet in ('change', 'lever', 'micro', 'legal', 'system')`),
    )
    .addColumn('available_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'bigint', (c) => c.notNull().defaultTo(0))
    // a user's money can never go below zero, whatever the code above the database does
    .addCheckConstraint(
      'account_not_negative',
      sql`allow_negative = 1 or (available_units >= 0 and frozen_units >= 0)`,
    )
    .addCheckConstraint(
      'account_one_owner',
      sql`(user_id is null) <> (system_name is null) and (system_name is null or wallet = 'system')`,
    )
    .addUniqueConstraint('account_user_unique', ['user_id', 'currency_id', 'wallet'])
    .addUniqueConstraint('account_system_unique', ['system_name', 'currency_id'])
    .execute();

  await withId(db, db.schema.createTable('ledger_txn'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('ledger_entry'))
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('ledger_txn.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('account.id'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('bucket', 'text', (c) => c.notNull().check(sql`bucket in ('available', 'frozen')`))
    .addColumn('delta_units', 'bigint', (c) => c.notNull().check(sql`delta_units <> 0`))
    .execute();
  await db.schema.createIndex('ledger_entry_txn_idx').on('ledger_entry').column('txn_id').execute();
  await db.schema.createIndex('ledger_entry_account_idx').on('ledger_entry').column('account_id').execute();

  await db.schema
    .createTable('idempotency_request')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_request_pk', ['user_id', 'key'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
