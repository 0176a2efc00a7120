import { successEnvelope, textSchema } from '@shop/shared/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { isFromThisMachine } from '../http/this-machine.ts';
import { notFound } from '../http/errors.ts';
import { readOutbox, readOutboxAttachment } from './outbox.ts';
import { outboxPageCsp, outboxPaths, renderOutboxPage } from './outbox-page.ts';

const mailboxQuerySchema = z
  .object({ to: textSchema.trim().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();

const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Files sent along (the order confirmation's .ics), each with the address it downloads from. */
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() }),
  ),
  createdAt: z.string(),
});

const mailParamsSchema = z.object({ id: z.coerce.number().int().positive() }).strict();
const attachmentParamsSchema = mailParamsSchema.extend({ index: z.coerce.number().int().nonnegative() }).strict();

/** A file name fit for a Content-Disposition header (the outbox's own names are plain already). */
const safeFilename = (name: string) => name.replace(/[^\w.-]/g, '_');

/**
 * GET /api/dev/mailbox: the dev outbox, newest first, so that verification and reset links work on a fresh
 * machine; GET /api/dev/outbox shows it as a page, with each mail's attachments to download. It exists only in
 * development while mails go to the outbox (no SMTP_URL), and answers only requests from this machine itself (docs/decisions/0003-production-mode.md); anyone else gets the same 404 as for a
 * route that does not exist, since the outbox holds every customer's password-reset links.
 */
export const devMailboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    if (ctx.mode !== 'development' || !ctx.mailer.usesOutbox) return;
    // This machine only: anyone else gets the same 404 as for a route that does not exist.
    const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isFromThisMachine(request)) return;
      reply.callNotFound();
      return reply;
    };
    const mailsWithLinks = async (query: z.infer<typeof mailboxQuerySchema>) =>
      (await readOutbox(ctx.db, query)).map((mail) => ({
        ...mail,
        attachments: mail.attachments.map((file, index) => ({ ...file, url: outboxPaths.attachment(mail.id, index) })),
      }));

    app.get(
      '/dev/mailbox',
      {
        schema: { querystring: mailboxQuerySchema, response: { 200: successEnvelope(z.array(outboxMailSchema)) } },
        onRequest,
      },
      async (request) => ({ result: await mailsWithLinks(request.query) }),
    );

    /** One attachment as a download, with its own type (a calendar file opens in the calendar). */
    app.get(
      '/dev/mailbox/:id/attachments/:index',
      { schema: { params: attachmentParamsSchema }, onRequest },
      async (request, reply) => {
        const file = await readOutboxAttachment(ctx.db, request.params.id, request.params.index);
        if (!file) throw notFound('No such attachment in the outbox');
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${safeFilename(file.filename)}"`)
          .send(file.encoding === 'base64' ? Buffer.from(file.content, 'base64') : file.content);
      },
    );

    /** One mail's HTML part as its own document, as a mail client shows it (nothing in it runs). */
    app.get('/dev/mailbox/:id/html', { schema: { params: mailParamsSchema }, onRequest }, async (request, reply) => {
      const row = await ctx.db.kysely
        .selectFrom('mail_outbox')
        .select('html')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('No such mail in the outbox');
      return reply.type('text/html; charset=utf-8').header('content-security-policy', outboxPageCsp).send(row.html);
    });

    /** The outbox as a page: each mail framed, its text part, its attachments to download. */
    app.get('/dev/outbox', { schema: { querystring: mailboxQuerySchema }, onRequest }, async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', outboxPageCsp)
        .send(renderOutboxPage(await readOutbox(ctx.db, request.query), request.query.to)),
    );
  };
