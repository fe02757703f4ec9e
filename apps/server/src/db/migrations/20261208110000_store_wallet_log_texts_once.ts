import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres, withId } from '../dialect';

const TEXTS = ['info', 'type_info_e', 'type_info_j', 'type_info_m', 'type_info_k', 'type_info_s'] as const;

/**
 * A wallet-log entry's description in six languages is stored once, in `wallet_log_text`, and the
 * entry refers to it: an entry was six texts wide, written again for each of thousands of lines
 * of a settlement batch. A description row never changes (a reworded one is a new row), so an
 * entry still reads as it did when it was made. The descriptions of existing entries move over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let texts: CreateTableBuilder<'wallet_log_text', string> = withId(db, db.schema.createTable('wallet_log_text'));
  for (const column of TEXTS) texts = texts.addColumn(column, 'text', (c) => c.notNull());
  await texts.addUniqueConstraint('wallet_log_text_unique', [...TEXTS]).execute();
  const columns = sql.join(TEXTS.map((c) => sql.ref(c)));
  await sql`insert into wallet_log_text (${columns}) select distinct ${columns} from wallet_log`.execute(db);
  const textOf = sql`(select t.id from wallet_log_text t where ${sql.join(
    TEXTS.map((c) => sql`t.${sql.ref(c)} = wallet_log.${sql.ref(c)}`),
    sql` and `,
  )})`;
  if (isPostgres(db)) {
    await db.schema.alterTable('wallet_log').addColumn('text_id', 'bigint', (c) => c.references('wallet_log_text.id')).execute();
    await sql`update wallet_log set text_id = ${textOf}`.execute(db);
    await db.schema.alterTable('wallet_log').alterColumn('text_id', (c) => c.setNotNull()).execute();
    for (const column of TEXTS) await db.schema.alterTable('wallet_log').dropColumn(column).execute();
    return;
  }
  // SQLite adds no NOT NULL column with a reference to rows that exist: the table is built anew,
  // each entry keeping its id
  await withId(db, db.schema.createTable('wallet_log_new'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id'))
    .addColumn('currency_id', 'bigint', (c) => c.notNull().references('currency.id'))
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('txn_id', 'bigint', (c) => c.notNull().references('ledger_txn.id'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('value_units', 'bigint', (c) => c.notNull())
    .addColumn('text_id', 'bigint', (c) => c.notNull().references('wallet_log_text.id'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into wallet_log_new (id, user_id, currency_id, wallet, txn_id, category, value_units, text_id, created_at_ms)
    select id, user_id, currency_id, wallet, txn_id, category, value_units, ${textOf}, created_at_ms from wallet_log`.execute(db);
  await db.schema.dropTable('wallet_log').execute();
  await db.schema.alterTable('wallet_log_new').renameTo('wallet_log').execute();
  await db.schema.createIndex('wallet_log_user_idx').on('wallet_log').columns(['user_id', 'category', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
