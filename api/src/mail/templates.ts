import type { Language } from '@shop/shared/contract';
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import es from './texts/es.json' with { type: 'json' };
import { fillText, mailButton, mailDocument, mailLink, mailParagraph, mailText } from './html.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The customer mails: each one text with one call to action. `accountExists` answers a registration for an
 * address that has an account (the registration itself answers alike for both), with the reset link besides.
 * `emailChangeRequested` and `emailChanged` go to the address being replaced, naming the new one masked
 * (docs/product-rules.md#e-mail-change); `emailChanged` links to the page that takes the change back, and
 * `emailChangeUndone` to the new password (docs/decisions/0068-undo-an-email-change.md).
 */
export type MailKind =
  | 'verifyEmail'
  | 'emailChange'
  | 'emailChangeRequested'
  | 'emailChanged'
  | 'emailChangeUndone'
  | 'passwordReset'
  | 'passwordChanged'
  | 'accountExists'
  | 'loginLink'
  | 'privacyLink'
  | 'accountDeleted'
  | 'guestDataDeleted';

type Texts = typeof de;
const texts: Record<Language, Texts> = { de, en, es };

export interface MailInput {
  kind: MailKind;
  language: Language;
  to: string;
  /**
   * How the mail addresses the customer (first name); none for a mail to an address whose owner has not yet
   * confirmed it (see `customerMails`): a registration's or an account's name is text someone else typed.
   */
  name?: string;
  /** Target of the call to action. */
  link: string;
  /** The password-reset page, for the mails whose texts offer it (`resetHint`). */
  resetLink?: string;
  /** The new address, already masked, for the texts that name it (`{{newEmail}}`). */
  newEmail?: string;
}

/** Renders a mail in the customer's language, as plain text and as HTML (every value escaped). */
export function renderMail({ kind, language, to, name, link, resetLink, newEmail = '' }: MailInput): MailMessage {
  const t = texts[language];
  // fillText, not String.replace with a string: a typed name holding `$'` or `$&` would be read as a pattern.
  const part = { ...t[kind], intro: fillText(t[kind].intro, { newEmail }) };
  const greeting = name === undefined ? t.greetingWithoutName : fillText(t.greeting, { name });
  const paragraphs = [part.intro, part.validity, part.outro].filter(Boolean);
  const reset = resetLink && 'resetHint' in part ? { hint: part.resetHint, link: resetLink } : null;

  const text = mailText(language, [
    greeting,
    part.intro,
    `${part.action}: ${link}`,
    ...(reset ? [`${reset.hint} ${reset.link}`] : []),
    ...paragraphs.slice(1),
    t.signature,
  ]);

  const html = mailDocument(language, part.subject, [
    mailParagraph(greeting),
    mailParagraph(part.intro),
    mailButton(link, part.action),
    mailParagraph(t.linkHint),
    mailLink(link),
    ...(reset ? [mailParagraph(reset.hint), mailLink(reset.link)] : []),
    ...paragraphs.slice(1).map(mailParagraph),
    mailParagraph(t.signature),
  ]);

  return { to, subject: part.subject, text, html };
}
