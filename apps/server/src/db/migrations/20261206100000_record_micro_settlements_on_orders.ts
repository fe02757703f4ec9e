import { sql, type Kysely } from 'kysely';

/**
 * A micro order's settlement record lives on the order's row: every field the record hashes is
 * already there (direction as `type`, outcome as `profit_result`) but its place in the chain and
 * the two hashes, so closing an order and appending its record become one row written, not two.
 * `micro_settlement` is copied over and dropped; its `txn_id` goes with it (the settlement's
 * ledger transaction is found by its reference, `micro_order:<id>`, as the verifier does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('micro_order').addColumn('settle_seq', 'bigint').execute();
  await db.schema.alterTable('micro_order').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('micro_order').addColumn('hash', 'text').execute();
  const from = (column: string) => sql`(select s.${sql.ref(column)} from micro_settlement s where s.order_id = micro_order.id)`;
  await sql`update micro_order set settle_seq = ${from('seq')}, prev_hash = ${from('prev_hash')}, hash = ${from('hash')}
    where id in (select order_id from micro_settlement)`.execute(db);
  await db.schema.dropTable('micro_settlement').execute();
  // the chain in order; only settled orders are in it
  await db.schema.createIndex('micro_order_settle_seq_idx').on('micro_order').column('settle_seq').unique().where(sql.ref('settle_seq'), 'is not', null).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
