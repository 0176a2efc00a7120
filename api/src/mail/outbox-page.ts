import { tokenValue } from '@shop/shared/css';
import { escapeHtml } from '../lib/html.ts';
import type { readOutbox } from './outbox.ts';

type OutboxMail = Awaited<ReturnType<typeof readOutbox>>[number];

/** Where the outbox's pieces are served (under the API's /api prefix). */
export const outboxPaths = {
  page: '/api/dev/outbox',
  html: (id: number) => `/api/dev/mailbox/${id}/html`,
  attachment: (id: number, index: number) => `/api/dev/mailbox/${id}/attachments/${index}`,
};

/**
 * The policy of the outbox's pages: a mail's HTML may show its inline styles and remote images, and nothing may
 * run; the list page only frames the mails (same origin).
 */
export const outboxPageCsp = "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-src 'self'";

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

function mailEntry(mail: OutboxMail): string {
  const attachments = mail.attachments.length
    ? `<ul class="outbox__files">${mail.attachments
        .map(
          (file, index) =>
            `<li><a href="${outboxPaths.attachment(mail.id, index)}" download="${escapeHtml(file.filename)}">${escapeHtml(file.filename)}</a> <small>${escapeHtml(file.contentType.split(';')[0]!)}, ${kib(file.size)}</small></li>`,
        )
        .join('')}</ul>`
    : '';
  return `<article class="outbox__mail">
<h2>${escapeHtml(mail.subject)}</h2>
<p class="outbox__meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)} · <a href="${outboxPaths.html(mail.id)}">open HTML</a></p>
${attachments}
<iframe title="${escapeHtml(mail.subject)}" src="${outboxPaths.html(mail.id)}" sandbox loading="lazy"></iframe>
<details><summary>Text part</summary><pre>${escapeHtml(mail.text)}</pre></details>
</article>`;
}

/**
 * The dev outbox as a page for developers (a tool that exists only in development, so not translated): every
 * mail newest first, its
 * HTML part framed as a mail client shows it, its text part, and its attachments to download (the order
 * confirmation's calendar file).
 */
export function renderOutboxPage(mails: readonly OutboxMail[], to: string | undefined): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev outbox</title>
<style>
body { margin: 0; padding: 16px; font-family: Arial, Helvetica, sans-serif; color: ${tokenValue('color-text')}; background: ${tokenValue('color-surface')}; }
h1 { margin: 0 0 8px; } .outbox { max-width: 760px; margin: 0 auto; }
.outbox__mail { margin: 16px 0; padding: 16px; background: ${tokenValue('color-bg')}; border: 1px solid ${tokenValue('color-border')}; border-radius: ${tokenValue('radius')}; }
.outbox__mail h2 { margin: 0 0 4px; font-size: 1.125rem; } .outbox__meta { margin: 0 0 8px; color: ${tokenValue('color-muted')}; }
.outbox__files { margin: 0 0 8px; padding-left: 20px; }
iframe { display: block; width: 100%; height: 640px; border: 1px solid ${tokenValue('color-border')}; }
pre { white-space: pre-wrap; } a { color: ${tokenValue('color-primary-dark')}; }
</style></head><body><main class="outbox">
<h1>Dev outbox</h1>
<p>${to ? `Mails to ${escapeHtml(to)} · <a href="${outboxPaths.page}">all mails</a>` : 'All mails, newest first.'} As JSON: <a href="/api/dev/mailbox">/api/dev/mailbox</a></p>
${mails.length ? mails.map(mailEntry).join('\n') : '<p>No mails yet.</p>'}
</main></body></html>`;
}
