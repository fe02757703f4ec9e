import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Records the mail in the outbox and delivers it; throws when SMTP refuses it. */
  send(mail: Mail): Promise<void>;
}

const FROM = 'Tidemark <no-reply@tidemark.local>';

/**
 * Every mail is written to the outbox table first. With `SMTP_URL` it is then delivered through
 * nodemailer; without it (the embedded default) it is also written to the log, so a newcomer
 * can read the code and register on a laptop with no mail server.
 */
export function createMailer(db: Db, smtpUrl: string | undefined, log: FastifyBaseLogger): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(mail) {
      const row = await db
        .insertInto('mail_outbox')
        .values({ to_address: mail.to, subject: mail.subject, body: mail.text, created_at_ms: BigInt(Date.now()) })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL, kept in the outbox):\n${mail.text}`);
        return;
      }
      await transport.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      await db.updateTable('mail_outbox').set({ sent_at_ms: BigInt(Date.now()) }).where('id', '=', row.id).execute();
    },
  };
}
