import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { accountRoutes } from './account-routes.ts';
import { createPasswordHasher, type PasswordHashingOptions } from './passwords.ts';
import { publicCustomerRoutes } from './public-routes.ts';

/** The customer module (spec §7 /customer/*, plus POST /customer/logout). */
export const customerRoutes =
  (ctx: AppContext, options: { passwordHashing?: PasswordHashingOptions } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    // Only the routes that ask for it are limited (see rate-limits.ts); in-memory, per API process.
    await app.register(rateLimit, { global: false, cache: 10_000 });
    const passwords = createPasswordHasher(options.passwordHashing);
    await app.register(publicCustomerRoutes(ctx, passwords));
    await app.register(accountRoutes(ctx, passwords));
  };
