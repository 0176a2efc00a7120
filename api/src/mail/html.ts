import type { Language } from '@shop/shared/contract';
import { escapeHtml } from '../lib/html.ts';

/**
 * The pieces every mail's HTML part is made of, so that all mails look alike: the document with its language
 * and title, paragraphs, and the one call-to-action button. Values are escaped here; `parts` are HTML already.
 */
export function mailDocument(language: Language, subject: string, parts: readonly string[]): string {
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; color: #1f2328; line-height: 1.5;">',
    ...parts,
    '</body></html>',
  ].join('\n');
}

/** A paragraph of plain text; line breaks stay line breaks. */
export const mailParagraph = (value: string): string => `<p>${escapeHtml(value).replaceAll('\n', '<br>')}</p>`;

/** The call to action as a button-like link. */
export const mailButton = (href: string, label: string): string =>
  `<p><a href="${escapeHtml(href)}" style="display: inline-block; padding: 10px 18px; background: #b3261e; color: #ffffff; border-radius: 8px; text-decoration: none; font-weight: bold;">${escapeHtml(label)}</a></p>`;

/** Fills `{{name}}` placeholders of a mail text; an unknown name becomes empty. */
export const fillText = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
