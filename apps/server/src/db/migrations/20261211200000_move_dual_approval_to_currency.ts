import { sql, type Kysely } from 'kysely';

const USDT_ID = 3n;
const UNIT = 100_000_000n;
/** the default two-approval amount: the equivalent of 1,000 USDT */
const DEFAULT_USDT_UNITS = 1_000n * UNIT;

/**
 * The two-approval amount becomes a setting of every currency (it was a withdrawal limit, 0 for
 * "never", and deposits had none), and deposit applications record their first approval as
 * withdrawals do. A currency keeps an amount staff set; every other one gets the equivalent of
 * 1,000 USDT at the reference price its USDT pair was seeded with (a fixed price, never the live
 * one). USDT is 1,000 itself; a currency with no USDT pair keeps 0: every amount needs two approvals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('currency')
    .addColumn('dual_approval_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('deposit_request').addColumn('first_approved_by', 'bigint').execute();
  await db.schema.alterTable('deposit_request').addColumn('first_approved_at_ms', 'bigint').execute();

  const currencies = await sql<{ id: bigint; set_units: bigint | null; price_units: bigint | null }>`
    select c.id,
      (select w.dual_approval_units from currency_withdraw w where w.currency_id = c.id and w.dual_approval_units > 0) as set_units,
      (select min(p.reference_price_units) from pair p where p.currency_id = c.id and p.legal_id = ${USDT_ID}) as price_units
    from currency c`.execute(db);
  for (const row of currencies.rows) {
    const id = BigInt(row.id);
    const price = row.price_units === null ? 0n : BigInt(row.price_units);
    const units =
      row.set_units !== null ? BigInt(row.set_units) : id === USDT_ID ? DEFAULT_USDT_UNITS : price > 0n ? (DEFAULT_USDT_UNITS * UNIT) / price : 0n;
    await sql`update currency set dual_approval_units = ${units} where id = ${id}`.execute(db);
  }
  await db.schema.alterTable('currency_withdraw').dropColumn('dual_approval_units').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
