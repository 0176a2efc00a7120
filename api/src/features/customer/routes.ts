import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { accountRoutes } from './account-routes.ts';
import { createPasswordHasher, type PasswordHashingOptions } from './passwords.ts';
import { publicCustomerRoutes } from './public-routes.ts';

/** The customer module (docs/product-rules.md#api-calls /customer/*, plus POST /customer/logout). */
export const customerRoutes =
  (ctx: AppContext, options: { passwordHashing?: PasswordHashingOptions } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const passwords = createPasswordHasher(options.passwordHashing);
    await app.register(publicCustomerRoutes(ctx, passwords));
    await app.register(accountRoutes(ctx, passwords));
  };
