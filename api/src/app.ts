import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import type { Db } from './db/database.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { translationRoutes } from './features/translation/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { parseQueryString } from './http/querystring.ts';

export interface BuildAppOptions {
  db: Db;
  now?: () => Date;
  /** Fastify logger options; off by default so tests stay quiet. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * The API as a Fastify instance, not listening: main.ts listens, tests use `app.inject`.
 * Every route validates its input and its output with the zod schemas of `@shop/shared/contract`.
 */
export function buildApp({ db, now = () => new Date(), logger = false }: BuildAppOptions) {
  const app = Fastify({
    logger,
    routerOptions: { querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const ctx: AppContext = { db, now };
  app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(catalogRoutes(ctx));
      await api.register(translationRoutes(ctx));
    },
    { prefix: '/api' },
  );
  return app;
}

export type App = ReturnType<typeof buildApp>;
