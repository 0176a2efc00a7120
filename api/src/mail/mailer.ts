import nodemailer, { type Transporter } from 'nodemailer';
import { needsStartTls } from './smtp-tls.ts';

/** One mail, already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Files sent along (the order confirmation's .ics and invoice PDF); `encoding: 'base64'` marks binary content
   * (nodemailer decodes it). The dev outbox lists them for download.
   */
  attachments?: { filename: string; content: string; contentType: string; encoding?: 'base64' }[];
}

/** A message of the outbox on its way out: the mail plus its stable id. */
export interface OutgoingMail extends MailMessage {
  messageId: string;
}

/**
 * Hands mails of the outbox to the world; which way (SMTP or the dev outbox) is decided once, at start. Code that
 * causes a mail never calls it: it queues the mail with `queueMail` in its own transaction (outbox.ts), and the
 * delivery job calls `deliver`.
 */
export interface Mailer {
  /** Resolves when the mail was handed over (SMTP accepted it); rejects with the transport's error. */
  deliver(message: OutgoingMail): Promise<void>;
  /** True when mails stay in the dev outbox (and GET /api/dev/mailbox exists): delivering them does nothing more. */
  readonly usesOutbox: boolean;
  /** Connects and logs in without sending (SMTP only): resolves when the server answered. */
  verify?(): Promise<unknown>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  /**
   * Production: an `smtp://` server must take STARTTLS, or the attempt fails (and is retried) instead of sending in
   * plain text (docs/configuration.md#the-api-mail). Off in development, whose local test servers speak plain
   * SMTP.
   */
  requireTls?: boolean;
}

/** The domain of the sender's address, for Message-ID headers. */
const senderDomain = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

/** nodemailer over SMTP when `smtpUrl` is set; otherwise the dev outbox, where a queued mail is already readable. */
export function createMailer({ smtpUrl, from, requireTls = false }: MailerOptions): Mailer {
  if (!smtpUrl) return { usesOutbox: true, deliver: async () => {} };
  // Bounded waits: a stalled server fails the attempt (retried later) instead of holding the worker for minutes.
  const transporter: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(needsStartTls(smtpUrl, requireTls) && { requireTLS: true }),
  });
  const domain = senderDomain(from);
  return {
    usesOutbox: false,
    verify: () => transporter.verify(),
    async deliver({ messageId, ...message }) {
      await transporter.sendMail({ from, ...message, messageId: `<${messageId}@${domain}>` });
    },
  };
}
