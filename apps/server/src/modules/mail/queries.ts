import type { Db } from '../../db/database';

export async function insertOutboxMail(db: Db, mail: { to: string; subject: string; text: string; createdAtMs: number }): Promise<bigint> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ to_address: mail.to, subject: mail.subject, body: mail.text, created_at_ms: BigInt(mail.createdAtMs) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markMailSent(db: Db, mailId: bigint, nowMs: number): Promise<void> {
  await db.updateTable('mail_outbox').set({ sent_at_ms: BigInt(nowMs) }).where('id', '=', mailId).execute();
}
