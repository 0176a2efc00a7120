import { errorBodySchema, successEnvelope } from '@shop/shared/contract';
import {
  adminRefundSchema,
  casePageSchema,
  idParamsSchema,
  listCasesQuerySchema,
  noticeSettingsSchema,
  orderCaseSchema,
  refundableSchema,
  refundOrderBodySchema,
  resolveCaseBodySchema,
  updateNoticeSettingsBodySchema,
} from '@shop/shared/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { serviceUnavailableCode } from '../../http/errors.ts';
import { audited } from '../staff/audit.ts';
import { currentStaff } from '../staff/access.ts';
import { type PaymentProvider, PaymentProviderUnavailableError } from '../payment-provider/provider.ts';
import { readNoticeSettings, writeNoticeSettings } from '../school-notices/settings.ts';
import { listCases, readCase } from './list.ts';
import { issueOrderRefunds, readRefundable, recordRefund } from './refund.ts';
import { resolveCase } from './resolve.ts';

const owner = { access: 'owner' as const };
const tags = ['cases'];

/**
 * Cases, refunds and notices of the admin API (docs/backoffice.md#cases): the owner's, since they are about money
 * and the school's legal duties. Changes run in `audited`; a refund goes to the provider after its record commits.
 */
export const caseRoutes =
  (ctx: AppContext, { provider }: { provider: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/cases',
      {
        config: owner,
        schema: {
          operationId: 'listCases',
          summary: 'Cases that need a person, newest first',
          tags,
          querystring: listCasesQuerySchema,
          response: { 200: successEnvelope(casePageSchema) },
        },
      },
      async (request) => ({ result: await listCases(ctx.db.kysely, request.query) }),
    );

    app.get(
      '/cases/:id',
      {
        config: owner,
        schema: {
          operationId: 'getCase',
          summary: 'One case',
          tags,
          params: idParamsSchema,
          response: { 200: successEnvelope(orderCaseSchema), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const found = await readCase(ctx.db.kysely, request.params.id);
        if (!found) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such case' } });
        return { result: found };
      },
    );

    app.post(
      '/cases/:id/resolve',
      {
        config: owner,
        schema: {
          operationId: 'resolveCase',
          summary: 'Close a case with a note of what was done',
          tags,
          params: idParamsSchema,
          body: resolveCaseBodySchema,
          response: { 200: successEnvelope(orderCaseSchema), 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const { before, after } = await resolveCase(
            tx.kysely,
            request.params.id,
            { note: request.body.note, staffId: currentStaff(request).id },
            ctx.now(),
          );
          await audit({ entityType: 'order_case', entityId: after.id, before, after });
          return { result: after };
        }),
    );

    app.get(
      '/orders/:id/refunds',
      {
        config: owner,
        schema: {
          operationId: 'getRefundable',
          summary: "What the shop still holds of an order's payment, and its refunds",
          tags,
          params: idParamsSchema,
          response: { 200: successEnvelope(refundableSchema), 404: errorBodySchema },
        },
      },
      async (request) => ({ result: await readRefundable(ctx.db.kysely, request.params.id) }),
    );

    app.post(
      '/orders/:id/refunds',
      {
        config: owner,
        schema: {
          operationId: 'refundOrder',
          summary: 'Give money back through the payment provider (all that is held, or part of it)',
          tags,
          params: idParamsSchema,
          body: refundOrderBodySchema,
          response: {
            200: successEnvelope(adminRefundSchema),
            404: errorBodySchema,
            409: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const orderId = request.params.id;
        const { amountCents, reason, caseId } = request.body;
        const refundId = await audited(ctx, request, async (tx, audit) => {
          const id = await recordRefund(
            tx.kysely,
            {
              orderId,
              reason,
              staffId: currentStaff(request).id,
              ...(amountCents === undefined ? {} : { amountCents }),
              ...(caseId === undefined ? {} : { caseId }),
            },
            ctx.now(),
          );
          await audit({
            entityType: 'refund',
            entityId: id,
            before: null,
            after: { orderId, amountCents, reason, caseId },
          });
          return id;
        });
        try {
          return { result: await issueOrderRefunds(ctx.db.kysely, provider, orderId, refundId, ctx.now()) };
        } catch (error) {
          if (!(error instanceof PaymentProviderUnavailableError)) throw error;
          request.log.warn({ err: error }, `Refund ${refundId} stays pending: the provider did not answer`);
          return reply.status(503).send({
            error: {
              code: serviceUnavailableCode,
              message: 'The payment provider did not answer; the refund stays pending',
            },
          });
        }
      },
    );

    app.get(
      '/notices/settings',
      {
        config: owner,
        schema: {
          operationId: 'getNoticeSettings',
          summary: 'Which notices the school gets, and where',
          tags: ['notices'],
          response: { 200: successEnvelope(noticeSettingsSchema) },
        },
      },
      async () => ({ result: await readNoticeSettings(ctx.db.kysely) }),
    );

    app.put(
      '/notices/settings',
      {
        config: owner,
        schema: {
          operationId: 'updateNoticeSettings',
          summary: 'Switch notices to the school per kind; set a separate notification address',
          tags: ['notices'],
          body: updateNoticeSettingsBodySchema,
          response: { 200: successEnvelope(noticeSettingsSchema) },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const before = await readNoticeSettings(tx.kysely);
          const after = await writeNoticeSettings(tx.kysely, request.body, ctx.now());
          await audit({ entityType: 'notice_settings', entityId: 1, before, after });
          return { result: after };
        }),
    );
  };
