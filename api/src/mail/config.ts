import { z } from 'zod';
import { optionalText, parseEnvironment } from '../config.ts';
import { shopModeFromEnv } from '../features/mode/production-check.ts';

/** Mail settings from the environment (docs/configuration.md). */
export interface MailConfig {
  /** SMTP_URL (e.g. smtps://user:pass@mail.example:465): real delivery. Unset: the dev outbox in the database. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every mail. */
  from: string;
  /** SHOP_URL: where the links in mails point (the shell's origin). */
  shopUrl: string;
  /** Production (NODE_ENV): `smtp://` must upgrade with STARTTLS (smtp-tls.ts). */
  requireTls: boolean;
}

export const defaultShopUrl = 'http://localhost:5173';
export const defaultMailFrom = 'Sprachschule <no-reply@sprachschule.example>';

/** The mail variables, in the order they are checked (the first wrong one is reported). */
const mailEnvironmentSchema = z.object({
  SMTP_URL: optionalText.refine((url) => url === undefined || /^smtps?:\/\//.test(url), {
    message: 'SMTP_URL must start with smtp:// or smtps://',
  }),
  SHOP_URL: optionalText
    .transform((url) => (url ?? defaultShopUrl).replace(/\/+$/, ''))
    .refine((url) => /^https?:\/\//.test(url), { message: 'SHOP_URL must start with http:// or https://' }),
  MAIL_FROM: optionalText,
});

export function loadMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const read = parseEnvironment(mailEnvironmentSchema, env);
  return {
    smtpUrl: read.SMTP_URL ?? null,
    from: read.MAIL_FROM ?? defaultMailFrom,
    shopUrl: read.SHOP_URL,
    requireTls: shopModeFromEnv(env) === 'production',
  };
}
