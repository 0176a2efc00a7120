import type { Language } from '@shop/shared/contract';
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import es from './texts/es.json' with { type: 'json' };
import type { MailMessage } from './mailer.ts';

/** The customer mails (issue 4): each one text with one call to action. */
export type MailKind = 'verifyEmail' | 'emailChange' | 'passwordReset' | 'passwordChanged';

type Texts = typeof de;
const texts: Record<Language, Texts> = { de, en, es };

export interface MailInput {
  kind: MailKind;
  language: Language;
  to: string;
  /** How the mail addresses the customer (first name). */
  name: string;
  /** Target of the call to action. */
  link: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Renders a mail in the customer's language, as plain text and as HTML (every value escaped). */
export function renderMail({ kind, language, to, name, link }: MailInput): MailMessage {
  const t = texts[language];
  const part = t[kind];
  const greeting = t.greeting.replace('{{name}}', name);
  const paragraphs = [part.intro, part.validity, part.outro].filter(Boolean);

  const text = [greeting, part.intro, `${part.action}: ${link}`, ...paragraphs.slice(1), t.signature].join('\n\n');

  const paragraph = (value: string) => `<p>${escapeHtml(value).replaceAll('\n', '<br>')}</p>`;
  const href = escapeHtml(link);
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(part.subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; color: #1f2328; line-height: 1.5;">',
    paragraph(greeting),
    paragraph(part.intro),
    `<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #b3261e; color: #ffffff; border-radius: 8px; text-decoration: none; font-weight: bold;">${escapeHtml(part.action)}</a></p>`,
    paragraph(t.linkHint),
    `<p><a href="${href}">${href}</a></p>`,
    ...paragraphs.slice(1).map(paragraph),
    paragraph(t.signature),
    '</body></html>',
  ].join('\n');

  return { to, subject: part.subject, text, html };
}
