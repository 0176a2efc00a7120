import {
  orderCalendarSchema,
  orderIdParamsSchema,
  orderListSchema,
  ordersQuerySchema,
  successEnvelope,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { requireCustomer } from '../customer/authenticate.ts';
import { orderCalendarFile } from './confirmation-mail.ts';
import { listCustomerOrders, readOrder } from './read.ts';

/**
 * The customer's own orders (bearer token): here rather than under customer/, so the customer folder, which
 * the checkout and the waitlist build on, does not depend on the order folder in turn.
 */
export const customerOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/customer/me/orders',
      {
        config: { bearer: 'verified' },
        schema: { querystring: ordersQuerySchema, response: { 200: successEnvelope(orderListSchema) } },
      },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        return { result: await listCustomerOrders(ctx.db, customer.id, request.query) };
      },
    );

    /** GET /customer/me/orders/{orderId}/calendar: the calendar file of one of the customer's own orders. */
    app.get(
      '/customer/me/orders/:orderId/calendar',
      {
        config: { bearer: 'verified' },
        schema: { params: orderIdParamsSchema, response: { 200: successEnvelope(orderCalendarSchema) } },
      },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        const order = await readOrder(ctx.db, request.params.orderId);
        if (!order || order.customerId !== customer.id) throw notFound('Unknown order');
        return { result: orderCalendarFile(order) };
      },
    );
  };
