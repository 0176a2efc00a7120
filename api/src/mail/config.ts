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

export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const shopUrl = (env.SHOP_URL?.trim() || defaultShopUrl).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(shopUrl)) throw new Error('SHOP_URL must start with http:// or https://');
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || defaultMailFrom,
    shopUrl,
    requireTls: shopModeFromEnv(env) === 'production',
  };
}
