import { successEnvelope, textSchema } from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { isFromThisMachine } from '../http/this-machine.ts';
import { readOutbox } from './outbox.ts';

const mailboxQuerySchema = z
  .object({ to: textSchema.trim().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();

const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

/**
 * GET /api/dev/mailbox: the dev outbox, newest first, so that verification and reset links work on a fresh
 * machine. It exists only in development while mails go to the outbox (no SMTP_URL), and answers only requests
 * from this machine itself (docs/decisions/0003-production-mode.md); anyone else gets the same 404 as for a
 * route that does not exist, since the outbox holds every customer's password-reset links.
 */
export const devMailboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    if (ctx.mode !== 'development' || !ctx.mailer.usesOutbox) return;
    app.get(
      '/dev/mailbox',
      {
        schema: { querystring: mailboxQuerySchema, response: { 200: successEnvelope(z.array(outboxMailSchema)) } },
        onRequest: async (request, reply) => {
          if (isFromThisMachine(request)) return;
          reply.callNotFound();
          return reply;
        },
      },
      async (request) => ({ result: await readOutbox(ctx.db, request.query) }),
    );
  };
