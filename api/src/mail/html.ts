import { languageSchema, type Language, type PublicSchool } from '@shop/shared/contract';
import { tokenValue } from '@shop/shared/css';
import { escapeHtml } from '../lib/html.ts';
import type { MailMessage } from './mailer.ts';
import { fillSchoolMarkers, schoolMarker } from './school.ts';
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import es from './texts/es.json' with { type: 'json' };

/**
 * The one layout of every mail the shop sends (docs/decisions/0035-mail-layout.md): a branded header, the content,
 * and a footer with the school's contact and legal links, built the way mail clients render reliably — nested
 * tables, inline styles, a fluid column of at most 600 px, no images (clients block them; the header's wordmark
 * is text) and no CSS variables (the design tokens' literal values are written in). The text part says the same
 * with the same footer. Values are escaped here; `parts` are HTML already.
 */

const layoutTexts: Record<Language, typeof de.layout> = { de: de.layout, en: en.layout, es: es.layout };

/** The design tokens the mails use, resolved once. */
const color = {
  text: tokenValue('color-text'),
  muted: tokenValue('color-muted'),
  bg: tokenValue('color-bg'),
  surface: tokenValue('color-surface'),
  surfaceStrong: tokenValue('color-surface-strong'),
  border: tokenValue('color-border'),
  primary: tokenValue('color-primary'),
  primaryDark: tokenValue('color-primary-dark'),
  onPrimary: tokenValue('color-on-primary'),
  accent: tokenValue('color-accent'),
};
const space = {
  sm: tokenValue('space-sm'),
  md: tokenValue('space-md'),
  lg: tokenValue('space-lg'),
  xl: tokenValue('space-xl'),
};
const radius = tokenValue('radius');
/** Figtree where the reader has it; mail clients cannot load the shop's web font. */
const font = 'Figtree, Arial, Helvetica, sans-serif';
/** The column's width: the width mail clients' reading panes are made for. */
export const mailMaxWidth = 600;

/** The legal pages on the school's site, in the order the shop's footer lists them. */
const legalLinks = ['imprint', 'privacy', 'terms', 'cancellation'] as const;

/** The header: the mark and the school's name, linked to its site; without an identity, the mark alone. */
function header(school: PublicSchool | null): string {
  // The mark: the "ñ" of Español on a white tile, then the school's name; an accent line below, as on the site.
  const mark = [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>',
    `<td width="36" height="36" align="center" valign="middle" style="width:36px;height:36px;background:${color.bg};border-radius:${radius};font-family:${font};font-size:22px;font-weight:bold;line-height:36px;color:${color.primary};">ñ</td>`,
    school
      ? `<td style="padding-left:${space.md};font-family:${font};font-size:20px;font-weight:bold;line-height:1.2;color:${color.onPrimary};">${escapeHtml(school.name)}</td>`
      : '',
    '</tr></table>',
  ].join('\n');
  return [
    `<tr><td style="background:${color.primary};padding:${space.lg} ${space.xl};border-radius:${radius} ${radius} 0 0;">`,
    school?.websiteUrl
      ? `<a href="${escapeHtml(school.websiteUrl)}" style="text-decoration:none;color:${color.onPrimary};">${mark}</a>`
      : mark,
    '</td></tr>',
    `<tr><td style="height:4px;line-height:4px;font-size:0;background:${color.accent};">&nbsp;</td></tr>`,
  ].join('\n');
}

const legalUrl = (school: PublicSchool, key: (typeof legalLinks)[number]) =>
  ({
    imprint: school.imprintUrl,
    privacy: school.privacyUrl,
    terms: school.termsUrl,
    cancellation: school.withdrawalUrl,
  })[key];

/** The footer: the school's name, contact and legal links; without an identity, an empty closing bar. */
function footer(language: Language, school: PublicSchool | null): string {
  const t = layoutTexts[language];
  const cell = `<tr><td style="background:${color.surfaceStrong};padding:${space.lg} ${space.xl};border-radius:0 0 ${radius} ${radius};font-family:${font};font-size:13px;line-height:1.5;color:${color.muted};">`;
  if (!school) return [cell, '&nbsp;', '</td></tr>'].join('\n');
  const links = legalLinks
    .map(
      (key) =>
        `<a href="${escapeHtml(legalUrl(school, key))}" style="color:${color.muted};text-decoration:underline;">${escapeHtml(t[key])}</a>`,
    )
    .join(' &middot; ');
  const phone = school.phone
    ? ` &middot; <a href="tel:${escapeHtml(school.phone.replaceAll(' ', ''))}" style="color:${color.muted};">${escapeHtml(school.phone)}</a>`
    : '';
  return [
    cell,
    `<p style="margin:0 0 ${space.sm};"><strong style="color:${color.text};">${escapeHtml(school.name)}</strong> &middot; ${escapeHtml(t.tagline)}</p>`,
    `<p style="margin:0 0 ${space.sm};">${escapeHtml(t.contact)} <a href="mailto:${escapeHtml(school.email)}" style="color:${color.muted};">${escapeHtml(school.email)}</a>${phone}</p>`,
    `<p style="margin:0;">${links}</p>`,
    '</td></tr>',
  ].join('\n');
}

/** The text part's footer (after the signature line), or nothing without an identity. */
function textFooter(language: Language, school: PublicSchool | null): string {
  if (!school) return '';
  const t = layoutTexts[language];
  const lines = [
    `${school.name} · ${t.tagline}`,
    `${t.contact} ${school.email}${school.phone ? ` · ${school.phone}` : ''}`,
    ...legalLinks.map((key) => `${t[key]}: ${legalUrl(school, key)}`),
  ];
  return `\n\n-- \n${lines.join('\n')}`;
}

/**
 * A rendered mail with the school filled in: its header, footer and contact as `school` has them (null: the
 * database has no identity yet, and the mail names none). `queueMail` calls it with the identity of the moment.
 */
export function withSchool<M extends Pick<MailMessage, 'subject' | 'text' | 'html'>>(
  message: M,
  school: PublicSchool | null,
): M {
  const language = (name: string) => languageSchema.catch('de').parse(name.split(':')[1]);
  const html = (name: string) => {
    if (name === 'html-header') return header(school);
    if (name.startsWith('html-footer:')) return footer(language(name), school);
    if (name === 'email') return escapeHtml(school?.email ?? '');
    if (name === 'name') return escapeHtml(school?.name ?? '');
    return '';
  };
  const text = (name: string) => {
    if (name.startsWith('text-footer:')) return textFooter(language(name), school);
    if (name === 'email') return school?.email ?? '';
    if (name === 'name') return school?.name ?? '';
    return '';
  };
  return {
    ...message,
    subject: fillSchoolMarkers(message.subject, text),
    text: fillSchoolMarkers(message.text, text),
    html: fillSchoolMarkers(message.html, html),
  };
}

/**
 * A whole mail's HTML part: `subject` is the document's title and the content's heading, `parts` the content
 * (made with the helpers below, or a block such as the order's lines).
 */
export function mailDocument(language: Language, subject: string, parts: readonly string[]): string {
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light only"><title>${escapeHtml(subject)}</title>`,
    // Clients that read <style> narrow the margins on phones; the others get the fluid table alone.
    `<style>@media (max-width: 620px) { .mail-outer { padding: ${space.sm} 0 !important; } .mail-content { padding: ${space.lg} !important; } }</style></head>`,
    `<body style="margin:0;padding:0;background:${color.surface};-webkit-text-size-adjust:100%;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${color.surface};">`,
    `<tr><td class="mail-outer" align="center" style="padding:${space.xl} ${space.md};">`,
    `<table role="presentation" class="mail-layout" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${mailMaxWidth}px;background:${color.bg};border:1px solid ${color.border};border-radius:${radius};">`,
    schoolMarker('html-header'),
    `<tr><td class="mail-content" style="padding:${space.xl};font-family:${font};font-size:16px;line-height:1.5;color:${color.text};">`,
    `<h1 style="margin:0 0 ${space.lg};font-family:${font};font-size:24px;line-height:1.2;color:${color.text};">${escapeHtml(subject)}</h1>`,
    ...parts,
    '</td></tr>',
    schoolMarker(`html-footer:${language}`),
    '</table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}

/** A whole mail's text part: the blocks, a blank line apart, then the same footer as the HTML part. */
export function mailText(language: Language, blocks: readonly string[]): string {
  return `${blocks.filter(Boolean).join('\n\n')}${schoolMarker(`text-footer:${language}`)}\n`;
}

/** A paragraph of plain text; line breaks stay line breaks. */
export const mailParagraph = (value: string): string =>
  `<p style="margin:0 0 ${space.lg};">${escapeHtml(value).replaceAll('\n', '<br>')}</p>`;

/** A heading inside the content (below the mail's own heading). */
export const mailHeading = (value: string): string =>
  `<h2 style="margin:${space.xl} 0 ${space.sm};font-family:${font};font-size:18px;line-height:1.2;color:${color.text};">${escapeHtml(value)}</h2>`;

/** A link written out, for readers whose client hides the button. */
export const mailLink = (href: string, label = href): string =>
  `<p style="margin:0 0 ${space.lg};word-break:break-all;"><a href="${escapeHtml(href)}" style="color:${color.primaryDark};">${escapeHtml(label)}</a></p>`;

/** Label–value rows (order number, receipt facts …); values keep their line breaks. */
export const mailFacts = (facts: readonly (readonly [string, string])[]): string =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 ${space.lg};">${facts
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left" valign="top" style="padding:2px ${space.md} 2px 0;text-align:left;font-weight:bold;">${escapeHtml(label)}</th><td valign="top" style="padding:2px 0;">${escapeHtml(value).replaceAll('\n', '<br>')}</td></tr>`,
    )
    .join('')}</table>`;

/** A list of lines, or of links when an item has a `url`. */
export const mailList = (items: readonly (string | { label: string; url: string })[]): string =>
  `<ul style="margin:0 0 ${space.lg};padding-left:${space.xl};">${items
    .map((item) =>
      typeof item === 'string'
        ? `<li>${escapeHtml(item)}</li>`
        : `<li><a href="${escapeHtml(item.url)}" style="color:${color.primaryDark};">${escapeHtml(item.label)}</a></li>`,
    )
    .join('')}</ul>`;

/** The call to action as a button that survives clients without CSS padding on links (a table cell carries it). */
export const mailButton = (href: string, label: string): string =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 ${space.lg};"><tr><td align="center" bgcolor="${color.primary}" style="background:${color.primary};border-radius:${radius};"><a href="${escapeHtml(href)}" style="display:inline-block;padding:${space.md} ${space.xl};font-family:${font};font-size:16px;font-weight:bold;color:${color.onPrimary};text-decoration:none;border-radius:${radius};">${escapeHtml(label)}</a></td></tr></table>`;

/** Fills `{{name}}` placeholders of a mail text; an unknown name becomes empty. */
export const fillText = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
