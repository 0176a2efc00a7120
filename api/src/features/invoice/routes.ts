import {
  invoiceFileSchema,
  invoiceListSchema,
  orderIdParamsSchema,
  orderInvoiceParamsSchema,
  successEnvelope,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { requireCustomer } from '../customer/authenticate.ts';
import { listOrderInvoices, readInvoiceFile } from './read.ts';

/** Whether the order is the customer's own: another's is answered like an unknown one (404). */
async function ownOrder(ctx: AppContext, customerId: number, orderId: number): Promise<void> {
  const order = await ctx.db.kysely
    .selectFrom('shop_order')
    .select('customer_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.customer_id !== customerId) throw notFound('Unknown order');
}

/** The customer's invoices, on the account's order page (`/account-order`); bearer calls, own orders only. */
export const invoiceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /** GET /customer/me/orders/{orderId}/invoices: the order's invoice and cancellation invoices. */
    app.get(
      '/customer/me/orders/:orderId/invoices',
      {
        config: { bearer: 'verified' },
        schema: { params: orderIdParamsSchema, response: { 200: successEnvelope(invoiceListSchema) } },
      },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        await ownOrder(ctx, customer.id, request.params.orderId);
        return { result: await listOrderInvoices(ctx.db.kysely, request.params.orderId) };
      },
    );

    /** GET /customer/me/orders/{orderId}/invoices/{number}: one of them as its PDF (base64). */
    app.get(
      '/customer/me/orders/:orderId/invoices/:number',
      {
        config: { bearer: 'verified' },
        schema: { params: orderInvoiceParamsSchema, response: { 200: successEnvelope(invoiceFileSchema) } },
      },
      async (request) => {
        const { customer } = await requireCustomer(ctx, request);
        await ownOrder(ctx, customer.id, request.params.orderId);
        const file = await readInvoiceFile(ctx.db.kysely, request.params.number, request.params.orderId);
        if (!file) throw notFound('Unknown invoice');
        return { result: file };
      },
    );
  };
