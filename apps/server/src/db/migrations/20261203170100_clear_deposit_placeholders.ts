import { sql, type Kysely } from 'kysely';

/**
 * Deposit addresses the seed once filled with placeholder texts become empty: an empty address
 * means "not configured", answered as such, and deposits over that network are not open until
 * staff set a real one (a placeholder could be copied and sent to).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update deposit_address set address = '' where address like 'SET-%-IN-STAFF-CONSOLE'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
