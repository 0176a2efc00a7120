import { languages } from '@shop/shared/contract';
import { describe, expect, it } from 'vitest';
import { renderMail, type MailKind } from './templates.ts';

const kinds: MailKind[] = [
  'verifyEmail',
  'emailChange',
  'emailChangeRequested',
  'emailChanged',
  'passwordReset',
  'passwordChanged',
  'accountExists',
  'privacyLink',
  'accountDeleted',
  'guestDataDeleted',
];

describe('renderMail', () => {
  it.each(kinds.flatMap((kind) => languages.map((language) => [kind, language] as const)))(
    '%s in %s: subject, text and HTML with the link',
    (kind, language) => {
      const link = 'https://shop.test/verify-email?token=abc&email=anna%40example.org';
      const mail = renderMail({ kind, language, to: 'anna@example.org', name: 'Anna', link });
      expect(mail.to).toBe('anna@example.org');
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain('Anna');
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
      expect(mail.html).toContain(`lang="${language}"`);
    },
  );

  it('greets without a name when it has none, in every language, leaving no placeholder', () => {
    const greetings = languages.map(
      (language) => renderMail({ kind: 'verifyEmail', language, to: 'a@b.c', link: 'https://x' }).text.split('\n')[0],
    );
    expect(greetings).toEqual(['Guten Tag,', 'Hello,', 'Hola:']);
  });

  it('offers the password reset besides the login when a registration meets an existing account', () => {
    for (const language of languages) {
      const mail = renderMail({
        kind: 'accountExists',
        language,
        to: 'a@b.c',
        name: 'Anna',
        link: 'https://x/login',
        resetLink: 'https://x/password-reset?email=a%40b.c',
      });
      expect(mail.text).toContain('https://x/login');
      expect(mail.text).toContain('https://x/password-reset?email=a%40b.c');
      expect(mail.html).toContain('href="https://x/password-reset?email=a%40b.c"');
    }
    // Only the mails whose texts offer it carry it.
    expect(
      renderMail({
        kind: 'verifyEmail',
        language: 'de',
        to: 'a@b.c',
        name: 'A',
        link: 'https://x',
        resetLink: 'https://y',
      }).text,
    ).not.toContain('https://y');
  });

  it('names the new address where the texts ask for it, and leaves no placeholder', () => {
    for (const kind of ['emailChangeRequested', 'emailChanged'] as const) {
      for (const language of languages) {
        const mail = renderMail({ kind, language, to: 'a@b.c', name: 'A', link: 'https://x', newEmail: 'n***@d.e' });
        expect(mail.text).toContain('n***@d.e');
        expect(mail.html).toContain('n***@d.e');
        expect(mail.text).not.toContain('{{');
      }
    }
  });

  it('speaks each language in its own words', () => {
    const subjects = languages.map(
      (language) => renderMail({ kind: 'passwordReset', language, to: 'a@b.c', name: 'A', link: 'https://x' }).subject,
    );
    expect(subjects).toEqual(['Passwort zurücksetzen', 'Reset your password', 'Restablecer tu contraseña']);
  });

  it('escapes what the customer typed', () => {
    const mail = renderMail({
      kind: 'verifyEmail',
      language: 'de',
      to: 'a@b.c',
      name: '<script>alert(1)</script>',
      link: 'https://x/?a="b"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="https://x/?a=&quot;b&quot;"');
  });

  it("greets by the name as typed, even one holding a replacement pattern ($' $& $`)", () => {
    const name = "Ana $' $& $` $$";
    const mail = renderMail({ kind: 'passwordChanged', language: 'de', to: 'a@b.c', name, link: 'https://x/' });
    expect(mail.text.split('\n')[0]).toBe(`Hallo ${name},`);
  });
});
