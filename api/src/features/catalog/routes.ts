import {
  courseSearchQuerySchema,
  courseSearchResultSchema,
  courseTagsResultSchema,
  flexibleLearningListSchema,
  priceConfigSchema,
  successEnvelope,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import { searchCourses } from './course-search.ts';
import { cachedBody, sendCachedBody } from '../../http/json-body.ts';
import { queryKey, ResponseCache } from './response-cache.ts';
import { listFlexibleLearningCourses } from './flexible-learning.ts';
import { listPackagePrices } from './price-config.ts';
import { listTagCategories } from './tags.ts';

/** Calls without parameters reject unknown ones like every other call (400 with field errors). */
const noQuery = z.object({}).strict();

const searchEnvelope = successEnvelope(courseSearchResultSchema);

export interface CatalogRouteOptions {
  /** How long a course-search answer may be served from memory; 0 (the default) always asks the database. */
  searchCacheMs?: number;
  /** The cache itself, when others must clear it (the checkout does when places change). */
  searchCache?: ResponseCache;
}

export const catalogRoutes =
  (
    ctx: AppContext,
    { searchCacheMs = 0, searchCache = new ResponseCache(searchCacheMs) }: CatalogRouteOptions = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/course/search',
      { schema: { querystring: courseSearchQuerySchema, response: { 200: searchEnvelope } } },
      async (request, reply) => {
        const today = isoDateInZone(ctx.now());
        const key = `${today}|${queryKey(request.query)}`;
        // Validated against the contract once, when built; a cached answer is that same text.
        const body = await searchCache.get(key, async () =>
          cachedBody(
            JSON.stringify(searchEnvelope.parse({ result: await searchCourses(ctx.db.kysely, request.query, today) })),
          ),
        );
        return sendCachedBody(request, reply, body);
      },
    );

    app.get(
      '/course/tags',
      { schema: { querystring: noQuery, response: { 200: successEnvelope(courseTagsResultSchema) } } },
      async () => ({ result: await listTagCategories(ctx.db.kysely) }),
    );

    app.get(
      '/course/price-config',
      { schema: { querystring: noQuery, response: { 200: successEnvelope(priceConfigSchema) } } },
      async () => ({ result: await listPackagePrices(ctx.db.kysely) }),
    );

    app.get(
      '/course/flexible-learning',
      { schema: { querystring: noQuery, response: { 200: successEnvelope(flexibleLearningListSchema) } } },
      async () => ({ result: await listFlexibleLearningCourses(ctx.db.kysely, isoDateInZone(ctx.now())) }),
    );
  };
