import { describe, expect, it } from 'vitest';
import { loadMailConfig } from './config.ts';

describe('loadMailConfig', () => {
  it('defaults to the dev outbox and the local shop', () => {
    expect(loadMailConfig({})).toEqual({
      smtpUrl: null,
      from: 'Sprachschule <no-reply@sprachschule.example>',
      shopUrl: 'http://localhost:5173',
      requireTls: false,
    });
  });
  it('reads SMTP_URL, MAIL_FROM and SHOP_URL (without a trailing slash)', () => {
    expect(
      loadMailConfig({
        SMTP_URL: 'smtps://u:p@mail.example:465',
        MAIL_FROM: 'A <a@b.c>',
        SHOP_URL: 'https://kurse.example/',
      }),
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example:465',
      from: 'A <a@b.c>',
      shopUrl: 'https://kurse.example',
      requireTls: false,
    });
    expect(loadMailConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).requireTls).toBe(true);
  });
  it('refuses nonsense', () => {
    expect(() => loadMailConfig({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadMailConfig({ SHOP_URL: 'kurse.example' })).toThrow(/SHOP_URL/);
  });
});
