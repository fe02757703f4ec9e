import { sql, type Kysely } from 'kysely';
import { withId } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('currency_withdraw')
    .addColumn('currency_id', 'bigint', (c) => c.primaryKey().references('currency.id'))
    .addColumn('min_units', 'bigint', (c) => c.notNull())
    .addColumn('max_units', 'bigint', (c) => c.notNull())
    /** fee percent in units: 0.5% is 50_000_000 */
    .addColumn('rate_units', 'bigint', (c) => c.notNull())
    .addColumn('daily_limit_units', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('deposit_address')
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('network', 'text', (c) => c.notNull().check(sql`network in ('BTC', 'ETH', 'Trc20')`))
    .addColumn('address', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deposit_address_pk', ['currency_id', 'network'])
    .execute();

  await withId(db, db.schema.createTable('withdraw_address'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('nettype', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('withdraw_address_unique', ['user_id', 'currency_id', 'address'])
    .execute();

  await db.schema
    .createTable('bank_card')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('user.id'))
    .addColumn('bank_account', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('deposit_request'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('amount_units', 'bigint', (c) => c.notNull().check(sql`amount_units > 0`))
    .addColumn('upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'credited', 'rejected')`))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at_ms', 'bigint')
    .addColumn('reviewed_by', 'bigint', (c) => c.references('user.id'))
    .execute();
  await db.schema.createIndex('deposit_request_user_idx').on('deposit_request').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('withdrawal'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount_units', 'bigint', (c) => c.notNull().check(sql`amount_units > 0`))
    .addColumn('fee_units', 'bigint', (c) => c.notNull())
    .addColumn('received_units', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('applying', 'agreed', 'chain_success', 'chain_failure', 'rejected', 'station_success')`),
    )
    .addColumn('hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at_ms', 'bigint')
    .addColumn('reviewed_by', 'bigint', (c) => c.references('user.id'))
    .execute();
  await db.schema.createIndex('withdrawal_user_idx').on('withdrawal').columns(['user_id', 'created_at_ms']).execute();

  await withId(db, db.schema.createTable('wallet_log'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('ledger_txn.id'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('value_units', 'bigint', (c) => c.notNull())
    // the description in every language, written once with the entry (spec field names)
    .addColumn('info', 'text', (c) => c.notNull())
    .addColumn('type_info_e', 'text', (c) => c.notNull())
    .addColumn('type_info_j', 'text', (c) => c.notNull())
    .addColumn('type_info_m', 'text', (c) => c.notNull())
    .addColumn('type_info_k', 'text', (c) => c.notNull())
    .addColumn('type_info_s', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_log_user_idx').on('wallet_log').columns(['user_id', 'category', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
