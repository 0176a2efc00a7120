import { publicSchoolSchema, successEnvelope } from '@shop/shared/contract';
import {
  schoolIdentityResultSchema,
  schoolIdentitySchema,
  updateSchoolIdentityRequestSchema,
} from '@shop/shared/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { audited } from '../staff/audit.ts';
import { publicSchool, readSchoolIdentity, writeSchoolIdentity, type SchoolIdentityCache } from './identity.ts';

/**
 * GET /api/school: the school's identity for the shop's header and footer, read by the shell at boot. Browsers and
 * proxies may keep it a minute, so the owner's edit shows within one (docs/backoffice.md#the-schools-identity).
 */
export const schoolRoutes =
  (cache: SchoolIdentityCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/school',
      { schema: { response: { 200: successEnvelope(publicSchoolSchema.nullable()) } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        const identity = await cache.read();
        return { result: identity ? publicSchool(identity) : null };
      },
    );
  };

/** getSchoolIdentity, updateSchoolIdentity: the owner's (the first-run setup is the first update). */
export const schoolAdminRoutes =
  (ctx: AppContext, cache: SchoolIdentityCache): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['identity'];
    app.get(
      '/identity',
      {
        config: { access: 'owner' },
        schema: {
          operationId: 'getSchoolIdentity',
          summary: "The school's identity (null until the first-run setup)",
          tags,
          response: { 200: successEnvelope(schoolIdentityResultSchema) },
        },
      },
      async () => ({ result: await readSchoolIdentity(ctx.db.kysely) }),
    );

    app.put(
      '/identity',
      {
        config: { access: 'owner' },
        schema: {
          operationId: 'updateSchoolIdentity',
          summary: "Set the school's identity (used at once by mails, the shop's header and footer)",
          tags,
          body: updateSchoolIdentityRequestSchema,
          response: { 200: successEnvelope(schoolIdentitySchema) },
        },
      },
      async (request) => {
        const result = await audited(ctx, request, async (tx, audit) => {
          const before = await readSchoolIdentity(tx.kysely);
          const after = await writeSchoolIdentity(tx.kysely, request.body, ctx.now());
          await audit({ entityType: 'school_identity', entityId: 1, before, after });
          return after;
        });
        cache.invalidate();
        return { result };
      },
    );
  };
