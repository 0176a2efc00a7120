import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { createMailer } from './mailer.ts';
import { smtpTlsProblem, smtpTlsWeakenings } from './smtp-tls.ts';

describe('SMTP_URL in production', () => {
  it('accepts smtps:// and smtp:// as they are, and their harmless options', () => {
    for (const url of [
      'smtps://shop:secret@mail.example:465',
      'smtp://shop:secret@mail.example:587',
      'smtp://mail.example:587?requireTLS=true&pool=true',
      'smtps://mail.example?tls.servername=mail.example',
    ])
      expect(smtpTlsProblem(url), url).toBeNull();
    expect(smtpTlsProblem(null)).toBeNull();
  });

  it('refuses the options that let mail go unencrypted or unchecked, without repeating the password', () => {
    expect(smtpTlsWeakenings('smtp://mail.example:25?ignoreTLS=true')).toEqual(['ignoreTLS=true']);
    expect(smtpTlsWeakenings('smtp://mail.example:25?ignoreTLS=1')).toEqual(['ignoreTLS=1']);
    expect(smtpTlsWeakenings('smtp://mail.example:25?ignoreTLS=false')).toEqual([]);
    expect(smtpTlsWeakenings('smtp://mail.example:25?requireTLS=false')).toEqual(['requireTLS=false']);
    expect(smtpTlsWeakenings('smtps://mail.example?tls.rejectUnauthorized=false')).toEqual([
      'tls.rejectUnauthorized=false',
    ]);
    expect(smtpTlsWeakenings('smtps://mail.example?secure=false')).toEqual(['secure=false']);
    const problem = smtpTlsProblem('smtp://shop:geheim@mail.example:25?ignoreTLS=true&secure=false');
    expect(problem).toMatch(/^SMTP_URL sets ignoreTLS=true, which lets mail go unencrypted/);
    expect(problem).not.toContain('geheim');
    expect(smtpTlsProblem('http://mail.example')).toBe('SMTP_URL must start with smtps:// or smtp://');
  });
});

/** A real SMTP server that offers no STARTTLS (test/smtp-sink.ts): what production and development make of it. */
describe('sending over smtp:// with and without requireTls', () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(() => smtp?.close());

  const mail = (n: number) => ({
    messageId: `tls-${n}-${Date.now()}`,
    to: `tls.${n}@example.org`,
    subject: 'TLS',
    text: 'x',
    html: '<p>x</p>',
  });

  it('production sends nothing when the server cannot do STARTTLS', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Shop <shop@example.org>', requireTls: true });
    await expect(mailer.deliver(mail(1))).rejects.toThrow(/STARTTLS/i);
    expect(smtp.received).toHaveLength(0);
  });

  it('development still sends in plain text to a local test server', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Shop <shop@example.org>' });
    await mailer.deliver(mail(2));
    await smtp.waitForCount(1);
    expect(smtp.received[0]!.envelopeTo).toEqual(['tls.2@example.org']);
  });
});
