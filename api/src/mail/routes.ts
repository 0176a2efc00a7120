import { successEnvelope, textSchema } from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
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
 * GET /api/dev/mailbox (DESIGN.md Mail): the dev outbox, newest first. It exists only while mails go to the
 * outbox (no SMTP_URL): with real delivery configured nobody can read other people's links here.
 */
export const devMailboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    if (!ctx.mailer.usesOutbox) return;
    app.get(
      '/dev/mailbox',
      { schema: { querystring: mailboxQuerySchema, response: { 200: successEnvelope(z.array(outboxMailSchema)) } } },
      async (request) => ({ result: await readOutbox(ctx.db, request.query) }),
    );
  };
