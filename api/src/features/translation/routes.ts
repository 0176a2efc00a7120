import { createHash } from 'node:crypto';
import {
  type Language,
  languages,
  languageSchema,
  successEnvelope,
  translationListSchema,
  translationTextsQuerySchema,
  translationTextsSchema,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { effectiveTexts } from '../texts/store.ts';
import { acceptsGzip, type CachedBody, cachedBody, sendCachedBody } from '../../http/json-body.ts';

/**
 * Browsers and proxies may reuse one language's texts for a minute, then revalidate with the ETag (a 304 costs
 * no body), so an operator's change shows within a minute (docs/decisions/0033-texts-from-the-server.md).
 */
const textsCacheControl = 'public, max-age=60';

/**
 * One language's texts are about 44 KB of JSON and the shell waits for them before its first paint; gzip makes them
 * about a fifth of that (docs/performance.md#the-first-screens-path). The bodies of the latest texts, by their hash, so a
 * change of texts only ever adds a few entries.
 */
const textBodies = new Map<string, CachedBody>();
const textBodiesLimit = 32;

async function textBody(hash: string, json: string): Promise<CachedBody> {
  const known = textBodies.get(hash);
  if (known) return known;
  const body = await cachedBody(json);
  if (textBodies.size >= textBodiesLimit) textBodies.clear();
  textBodies.set(hash, body);
  return body;
}

/** Whether an If-None-Match header names `etag` (weak or strong, in a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export const translationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/translation/all', { schema: { response: { 200: successEnvelope(translationListSchema) } } }, async () => {
      await ctx.shippedTexts?.current();
      const rows = await effectiveTexts(ctx.db.kysely)
        .select(['translation.slug as slug', 'translation.language as language'])
        .where('translation.language', 'in', [...languages])
        .orderBy('translation.slug')
        .orderBy('translation.language')
        .execute();
      return { result: rows.map((row) => ({ ...row, language: row.language as Language })) };
    });

    app.get(
      '/translation/:language',
      {
        schema: {
          params: z.object({ language: languageSchema }),
          querystring: translationTextsQuerySchema,
          response: { 200: successEnvelope(translationTextsSchema), 304: z.null() },
        },
      },
      async (request, reply) => {
        await ctx.shippedTexts?.current();
        const namespaces = request.query.ns?.split(',') ?? [];
        let query = effectiveTexts(ctx.db.kysely)
          .select('translation.slug as slug')
          .where('translation.language', '=', request.params.language);
        if (namespaces.length > 0)
          query = query.where((eb) =>
            eb.or(namespaces.map((namespace) => eb('translation.slug', 'like', `${namespace}.%`))),
          );
        const rows = await query.orderBy('translation.slug').execute();
        const json = JSON.stringify({ result: Object.fromEntries(rows.map((row) => [row.slug, row.value])) });
        const hash = createHash('sha256').update(json).digest('base64url').slice(0, 32);
        // Each encoding is a representation of its own, with a validator of its own.
        const etag = acceptsGzip(request) ? `"${hash}-gz"` : `"${hash}"`;
        reply.header('cache-control', textsCacheControl).header('etag', etag).header('vary', 'accept-encoding');
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
        return sendCachedBody(request, reply, await textBody(hash, json));
      },
    );
  };
