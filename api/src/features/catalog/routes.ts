import {
  courseSearchQuerySchema,
  courseSearchResultSchema,
  courseTagsResultSchema,
  successEnvelope,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import { searchCourses } from './course-search.ts';
import { listTagCategories } from './tags.ts';

export const catalogRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/course/search',
      { schema: { querystring: courseSearchQuerySchema, response: { 200: successEnvelope(courseSearchResultSchema) } } },
      async (request) => ({ result: await searchCourses(ctx.db.kysely, request.query, isoDateInZone(ctx.now())) }),
    );

    app.get(
      '/course/tags',
      { schema: { response: { 200: successEnvelope(courseTagsResultSchema) } } },
      async () => ({ result: await listTagCategories(ctx.db.kysely) }),
    );
  };
