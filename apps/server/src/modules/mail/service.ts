import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { insertOutboxMail, markMailFailed, markMailSent } from './queries';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** a one-time code or link in the mail: delivered, never kept readable in the outbox */
  secret?: string;
}

export interface Mailer {
  /** Records the mail in the outbox and delivers it; throws when SMTP refuses it. */
  send(mail: Mail): Promise<void>;
}

const FROM = 'Tidemark <no-reply@tidemark.local>';
const SEAL = '••••••';

/** The mail as the outbox keeps it: its secret sealed, so staff reading the outbox cannot use it. */
function sealed(mail: Mail): { subject: string; text: string } {
  const { secret } = mail;
  if (!secret) return mail;
  return { subject: mail.subject.replaceAll(secret, SEAL), text: mail.text.replaceAll(secret, SEAL) };
}

/**
 * Every mail is written to the outbox first, its secret sealed. With `SMTP_URL` it is then
 * delivered through nodemailer and its text is written nowhere else; without it (the embedded
 * default) the whole text goes to the log, so a newcomer can read the code and register on a
 * laptop with no mail server.
 */
export function createMailer(db: Db, smtpUrl: string | undefined, log: FastifyBaseLogger, clock: Clock): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(mail) {
      const mailId = await insertOutboxMail(db, { to: mail.to, ...sealed(mail), status: transport ? 'pending' : 'logged', createdAtMs: clock() });
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL, kept in the log):\n${mail.text}`);
        return;
      }
      try {
        await transport.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (error) {
        await markMailFailed(db, mailId, String(error instanceof Error ? error.message : error).slice(0, limits.mailErrorLengthMax));
        throw error;
      }
      await markMailSent(db, mailId, clock());
    },
  };
}
