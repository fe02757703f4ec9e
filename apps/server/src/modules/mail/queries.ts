import type { Db } from '../../db/database';
import type { MailStatus } from '../../db/schema';

export async function insertOutboxMail(db: Db, mail: { to: string; subject: string; text: string; status: MailStatus; createdAtMs: number }): Promise<bigint> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ to_address: mail.to, subject: mail.subject, body: mail.text, status: mail.status, created_at_ms: BigInt(mail.createdAtMs) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markMailSent(db: Db, mailId: bigint, nowMs: number): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'sent', sent_at_ms: BigInt(nowMs) }).where('id', '=', mailId).execute();
}

export async function markMailFailed(db: Db, mailId: bigint, error: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'failed', error }).where('id', '=', mailId).execute();
}
