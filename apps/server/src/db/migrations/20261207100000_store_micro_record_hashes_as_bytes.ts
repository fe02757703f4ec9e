import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * A settlement record's two hashes are stored as their 32 bytes, not 64 hex digits: a settled
 * order's row grows by half as much when it is closed, and a settler's batch binds bytes, not
 * text to encode. Hex stays what the wire, the verifier and the hashed text show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const column of ['prev_hash', 'hash']) {
      await sql`alter table micro_order alter column ${sql.ref(column)} type bytea using decode(${sql.ref(column)}, 'hex')`.execute(db);
    }
    return;
  }
  // SQLite changes no column's type in place: a blob column takes the text one's values and name
  for (const column of ['prev_hash', 'hash']) {
    await db.schema.alterTable('micro_order').addColumn(`${column}_bytes`, 'blob').execute();
    await sql`update micro_order set ${sql.ref(`${column}_bytes`)} = unhex(${sql.ref(column)}) where ${sql.ref(column)} is not null`.execute(db);
    await db.schema.alterTable('micro_order').dropColumn(column).execute();
    await db.schema.alterTable('micro_order').renameColumn(`${column}_bytes`, column).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
