import { productSearchQuerySchema, productSearchResultSchema, successEnvelope } from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { searchProducts } from './product-search.ts';

export const productRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/product/search',
      {
        schema: {
          querystring: productSearchQuerySchema,
          response: { 200: successEnvelope(productSearchResultSchema) },
        },
      },
      async (request) => ({ result: await searchProducts(ctx.db.kysely, request.query) }),
    );
  };
