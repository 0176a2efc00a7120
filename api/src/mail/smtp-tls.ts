/**
 * What production asks of SMTP_URL (docs/configuration.md#the-api-mail): mail leaves encrypted and to a
 * server whose certificate is checked. `smtps://` is TLS from the first byte; `smtp://` is sent with
 * `requireTLS`, so STARTTLS must succeed or nothing is sent (mailer.ts). nodemailer also reads options from the
 * URL's query, and those win over the ones the shop passes: the ones that would switch that off are refused.
 */

/** A query value as nodemailer reads it: `true`/`false`, numbers as numbers, any other text as itself. */
function nodemailerValue(text: string): boolean | number | string {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return Number.isNaN(Number(text)) ? text : Number(text);
}

/** The URL's options that would let mail go unencrypted or unchecked, as `name=value`; none for other URLs. */
export function smtpTlsWeakenings(smtpUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const [name, text] of url.searchParams) {
    const value = nodemailerValue(text);
    const weakens =
      (name === 'ignoreTLS' && Boolean(value)) ||
      (name === 'requireTLS' && !value) ||
      (name === 'tls.rejectUnauthorized' && !value) ||
      (name === 'secure' && !value && url.protocol === 'smtps:');
    if (weakens) found.push(`${name}=${text}`);
  }
  return found;
}

/** Why SMTP_URL cannot be used in production, or null. Never repeats the URL (it holds the password). */
export function smtpTlsProblem(smtpUrl: string | null): string | null {
  if (!smtpUrl) return null;
  if (!/^smtps?:\/\//.test(smtpUrl)) return 'SMTP_URL must start with smtps:// or smtp://';
  const weakenings = smtpTlsWeakenings(smtpUrl);
  if (weakenings.length === 0) return null;
  return (
    `SMTP_URL sets ${weakenings.join(', ')}, which lets mail go unencrypted or unchecked ` +
    '(remove it: production sends over smtps://, or over smtp:// only after STARTTLS succeeded)'
  );
}

/** Whether a mailer sending to this URL must insist on STARTTLS (production, plain `smtp://`). */
export const needsStartTls = (smtpUrl: string, production: boolean) => production && smtpUrl.startsWith('smtp://');
