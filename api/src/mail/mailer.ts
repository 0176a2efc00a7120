import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database.ts';
import { outboxTransport } from './outbox.ts';

/** One mail, already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent along (the order confirmation's .ics); the dev outbox keeps only the mail's text and HTML. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** Sends mails; which way (SMTP or the dev outbox) is decided once, at start. */
export interface Mailer {
  /** Resolves when the mail was handed over (SMTP accepted it, or the outbox stored it). */
  send(message: MailMessage): Promise<void>;
  /** True when mails go to the dev outbox (and GET /api/dev/mailbox exists). */
  readonly usesOutbox: boolean;
}

export interface MailerOptions {
  db: Db;
  smtpUrl: string | null;
  from: string;
  now?: () => Date;
}

/** nodemailer over SMTP when `smtpUrl` is set, otherwise over the dev outbox transport. */
export function createMailer({ db, smtpUrl, from, now = () => new Date() }: MailerOptions): Mailer {
  const transporter: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport(outboxTransport(db, now));
  return {
    usesOutbox: !smtpUrl,
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}
