import { errorBodySchema, successEnvelope } from '@shop/shared/contract';
import {
  AdminErrorCode,
  adminOrderSchema,
  courseParticipantsSchema,
  exportOrdersQuerySchema,
  failedMailPageSchema,
  idParamsSchema,
  listFailedMailsQuerySchema,
  listOrdersQuerySchema,
  orderPageSchema,
  orderParticipantParamsSchema,
  resendConfirmationResultSchema,
  retentionPeriodListSchema,
  retryMailBodySchema,
  retryMailResultSchema,
  updateOrderParticipantBodySchema,
  updateOrderParticipantResultSchema,
} from '@shop/shared/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/errors.ts';
import { audited } from '../staff/audit.ts';
import { queueOrderConfirmation } from '../order/confirmation.ts';
import { retentionSchedule } from '../privacy/retention.ts';
import { courseParticipants, participantsCsv } from './course-participants.ts';
import { listFailedMails, retryMails } from './failed-mails.ts';
import { orderNotFound, readAdminOrder } from './order-detail.ts';
import { exportOrdersCsv } from './order-export.ts';
import { listOrders } from './order-list.ts';
import { correctParticipant } from './participant-correction.ts';

const staff = { access: 'staff' as const };
const noBody = z.object({}).strict().nullish();
const csvHeaders = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}"`,
});

/**
 * The orders' calls of the admin API (docs/backoffice.md#orders): owners and staff alike find orders, see one
 * whole, correct a participant and resend the confirmation; list a course's people; retry failed mails; and
 * read the retention periods. Every change runs in `audited`.
 */
export const adminOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/orders',
      {
        config: staff,
        schema: {
          operationId: 'listOrders',
          summary: 'Orders, searched, filtered, sorted and paged (newest first)',
          tags: ['orders'],
          querystring: listOrdersQuerySchema,
          response: { 200: successEnvelope(orderPageSchema) },
        },
      },
      async (request) => ({ result: await listOrders(ctx.db.kysely, request.query) }),
    );

    app.get(
      '/orders/export',
      {
        config: staff,
        schema: {
          operationId: 'exportOrders',
          summary: "A calendar year's orders as CSV (UTF-8 with BOM), streamed",
          tags: ['orders'],
          querystring: exportOrdersQuerySchema,
        },
      },
      async (request, reply) =>
        reply
          .headers(csvHeaders(`bestellungen-${request.query.year}.csv`))
          .send(exportOrdersCsv(ctx.db.kysely, request.query.year)),
    );

    app.get(
      '/orders/:id',
      {
        config: staff,
        schema: {
          operationId: 'getOrder',
          summary: 'One order: positions, participants, payments, withdrawals, credits, codes, mails, audit trail',
          tags: ['orders'],
          params: idParamsSchema,
          response: { 200: successEnvelope(adminOrderSchema), 404: errorBodySchema },
        },
      },
      async (request) => ({ result: await readAdminOrder(ctx.db.kysely, request.params.id) }),
    );

    app.patch(
      '/orders/:id/participants/:participantId',
      {
        config: staff,
        schema: {
          operationId: 'updateOrderParticipant',
          summary: "Correct a participant's name or e-mail; the buyer is mailed",
          tags: ['orders'],
          params: orderParticipantParamsSchema,
          body: updateOrderParticipantBodySchema,
          response: { 200: successEnvelope(updateOrderParticipantResultSchema), 404: errorBodySchema },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const { id: orderId, participantId } = request.params;
          const change = await correctParticipant(tx.kysely, { orderId, participantId }, request.body, ctx.now());
          if (change.mailQueued || JSON.stringify(change.before) !== JSON.stringify(change.after)) {
            await audit({ entityType: 'order', entityId: orderId, before: change.before, after: change.after });
          }
          return { result: { participant: change.after, mailQueued: change.mailQueued } };
        }),
    );

    app.post(
      '/orders/:id/resend-confirmation',
      {
        config: staff,
        schema: {
          operationId: 'resendOrderConfirmation',
          summary: 'Send the order confirmation again, as it reads now',
          tags: ['orders'],
          params: idParamsSchema,
          body: noBody,
          response: {
            200: successEnvelope(resendConfirmationResultSchema),
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const order = await tx.kysely
            .selectFrom('shop_order')
            .select(['id', 'status', 'email'])
            .where('id', '=', request.params.id)
            .executeTakeFirst();
          if (!order) throw orderNotFound();
          if (!['paid', 'completed'].includes(order.status) || !order.email) {
            throw new AppError(409, AdminErrorCode.conflict, 'Only a paid order has a confirmation');
          }
          await queueOrderConfirmation(tx.kysely, order.id, ctx.now());
          await audit({ entityType: 'order', entityId: order.id, after: { mail: 'confirmation' } });
          return { result: { mailQueued: true as const } };
        }),
    );

    app.get(
      '/courses/:id/participants',
      {
        config: staff,
        schema: {
          operationId: 'listCourseParticipants',
          summary: "A course's booked participants, unpaid holds and waitlist",
          tags: ['participants'],
          params: idParamsSchema,
          response: { 200: successEnvelope(courseParticipantsSchema), 404: errorBodySchema },
        },
      },
      async (request) => ({ result: await courseParticipants(ctx.db.kysely, request.params.id, ctx.now()) }),
    );

    app.get(
      '/courses/:id/participants/export',
      {
        config: staff,
        schema: {
          operationId: 'exportCourseParticipants',
          summary: "A course's participants, holds and waitlist as CSV (UTF-8 with BOM)",
          tags: ['participants'],
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const list = await courseParticipants(ctx.db.kysely, request.params.id, ctx.now());
        const name = `teilnehmende-${list.course.identifier.replace(/[^\w-]/g, '_')}.csv`;
        return reply.headers(csvHeaders(name)).send(participantsCsv(list));
      },
    );

    app.get(
      '/mails/failed',
      {
        config: staff,
        schema: {
          operationId: 'listFailedMails',
          summary: 'Mails that could not be delivered, newest first, with the error',
          tags: ['mails'],
          querystring: listFailedMailsQuerySchema,
          response: { 200: successEnvelope(failedMailPageSchema) },
        },
      },
      async (request) => ({ result: await listFailedMails(ctx.db.kysely, request.query) }),
    );

    app.post(
      '/mails/retry',
      {
        config: staff,
        schema: {
          operationId: 'retryMail',
          summary: 'Put failed mails (some or all) back in the queue; each is still delivered once',
          tags: ['mails'],
          body: retryMailBodySchema,
          response: { 200: successEnvelope(retryMailResultSchema) },
        },
      },
      async (request) =>
        audited(ctx, request, async (tx, audit) => {
          const { requeued, mails } = await retryMails(tx.kysely, request.body, ctx.now());
          // The ids only: the audit log is kept for good, the mails' addresses are not.
          await audit({ entityType: 'mail', after: { requeued, ids: mails.map((m) => m.id) } });
          return { result: { requeued } };
        }),
    );

    app.get(
      '/privacy/retention',
      {
        config: staff,
        schema: {
          operationId: 'listRetentionPeriods',
          summary: 'How long each kind of personal data is kept, and the rule behind it',
          tags: ['privacy'],
          response: { 200: successEnvelope(retentionPeriodListSchema) },
        },
      },
      async () => ({ result: [...retentionSchedule] }),
    );
  };
