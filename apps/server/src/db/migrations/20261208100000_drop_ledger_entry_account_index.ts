import type { Kysely } from 'kysely';

/**
 * No query finds postings by account: the ledger check sums them per account over the whole table
 * (a scan either way), and money calls read balances from `account`. The index cost every posting
 * an insert in the middle of a tree keyed by a few accounts (a micro settlement batch's hottest
 * write). Postings by transaction keep theirs (the verifier and the check read them that way).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entry_account_idx').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
