import { type Language, languages, successEnvelope, translationListSchema } from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

export const translationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/translation/all', { schema: { response: { 200: successEnvelope(translationListSchema) } } }, async () => {
      const rows = await ctx.db.kysely
        .selectFrom('translation')
        .select(['slug', 'language', 'value'])
        .where('language', 'in', [...languages])
        .orderBy('slug')
        .orderBy('language')
        .execute();
      return { result: rows.map((row) => ({ ...row, language: row.language as Language })) };
    });
  };
