import { sql, type Kysely } from 'kysely';

// what a code looked like in the mails written so far: the only run of six digits in them
const CODE = /\b\d{6}\b/g;
const SEAL = '••••••';
const BATCH = 500;

/**
 * The outbox is for delivery problems, not for reading codes: each mail gets its delivery status
 * and the error that stopped it, and the codes already written in it are sealed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('status', 'text', (c) => c.notNull().defaultTo('pending')).execute();
  await db.schema.alterTable('mail_outbox').addColumn('error', 'text').execute();
  await sql`update mail_outbox set status = case when sent_at_ms is null then 'logged' else 'sent' end`.execute(db);

  const outbox = db as unknown as Kysely<{ mail_outbox: { id: bigint; subject: string; body: string } }>;
  for (let after = -1n; ; ) {
    const rows = await outbox.selectFrom('mail_outbox').select(['id', 'subject', 'body']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const subject = row.subject.replace(CODE, SEAL);
      const body = row.body.replace(CODE, SEAL);
      if (subject !== row.subject || body !== row.body) await outbox.updateTable('mail_outbox').set({ subject, body }).where('id', '=', row.id).execute();
    }
    after = BigInt(rows.at(-1)!.id);
  }
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
