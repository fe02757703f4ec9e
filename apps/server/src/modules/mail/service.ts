import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@tidemark/core';
import type { Db } from '../../db/database';
import { insertOutboxMail, markMailSent } from './queries';

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
export function createMailer(db: Db, smtpUrl: string | undefined, log: FastifyBaseLogger, clock: Clock): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(mail) {
      const mailId = await insertOutboxMail(db, { ...mail, createdAtMs: clock() });
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL, kept in the outbox):\n${mail.text}`);
        return;
      }
      await transport.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      await markMailSent(db, mailId, clock());
    },
  };
}
