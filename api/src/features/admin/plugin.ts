import fastifySwagger from '@fastify/swagger';
import { errorBodySchema } from '@shop/shared/contract';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import type { PasswordHashingOptions } from '../customer/passwords.ts';
import { staffRoutes } from '../staff/routes.ts';
import { checkStaffAccess } from '../staff/access.ts';
import { auditRoutes } from '../staff/audit.ts';
import { invoiceAdminRoutes } from '../invoice/admin-routes.ts';
import { schoolAdminRoutes } from '../school/routes.ts';
import { textAdminRoutes } from '../texts/routes.ts';
import { discountCodeAdminRoutes } from '../discount-codes/routes.ts';
import { catalogueRoutes } from '../admin-catalogue/routes.ts';
import { caseRoutes } from '../admin-cases/routes.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import { adminOrderRoutes } from '../admin-orders/routes.ts';

export interface AdminApiOptions {
  /** argon2id settings of staff passwords; OWASP's unless a test asks for cheaper ones. */
  passwordHashing?: PasswordHashingOptions;
  /** Origin of the back office (BACKOFFICE_URL): setup links point there. */
  backofficeUrl: string;
  /** Called after a catalogue change, so the shop's cached listing forgets what it kept. */
  onCatalogueChanged?: () => void;
  /** The shop's payment provider: refunds go through it. */
  provider: PaymentProvider;
}

/** Every admin operation, in the OpenAPI document: who calls it and what its errors look like. */
export function describeOperation(route: RouteOptions): void {
  const access = route.config?.access;
  const operationId = route.schema?.operationId;
  if (!access) throw new Error(`Admin route ${route.method} ${route.url} has no config.access (public, staff, owner)`);
  if (!operationId && !route.schema?.hide)
    throw new Error(`Admin route ${route.method} ${route.url} has no operationId`);
  const schema = (route.schema ??= {});
  const response = (schema.response ??= {}) as Record<number, unknown>;
  response[400] ??= errorBodySchema;
  if (access !== 'public') {
    response[401] ??= errorBodySchema;
    response[403] ??= errorBodySchema;
    schema.security ??= [{ staffBearer: [] }];
  }
}

/**
 * The admin API under /api/admin (docs/backoffice.md, docs/decisions/0094-admin-api-staff-and-audit.md): every
 * route states who may call it (`config.access`) and a stable `schema.operationId`, or it cannot be registered;
 * the OpenAPI 3.1 document at /api/admin/openapi.json is generated from the routes' zod schemas. Changes go through
 * `audited` (audit.ts) so each is logged in its own transaction. A feature adds its routes with one line below.
 */
export const adminApi =
  (ctx: AppContext, options: AdminApiOptions): FastifyPluginAsyncZod =>
  async (admin) => {
    admin.addHook('onRoute', describeOperation);
    await admin.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Language school admin API',
          description:
            'The back office API: staff accounts, catalogue, orders, texts, discount codes, school identity, audit log.',
          version: '1.0.0',
        },
        components: { securitySchemes: { staffBearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    admin.addHook('onRequest', checkStaffAccess(ctx));
    admin.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => admin.swagger());

    await admin.register(staffRoutes(ctx, options));
    await admin.register(auditRoutes(ctx));
    await admin.register(schoolAdminRoutes(ctx, ctx.schoolIdentity));
    await admin.register(textAdminRoutes(ctx));
    await admin.register(discountCodeAdminRoutes(ctx));
    // Features of the admin API register here (each a plugin like auditRoutes).
    await admin.register(catalogueRoutes(ctx, { onCatalogueChanged: options.onCatalogueChanged }));
    await admin.register(caseRoutes(ctx, { provider: options.provider }));
    await admin.register(adminOrderRoutes(ctx));
    await admin.register(invoiceAdminRoutes(ctx));
  };
