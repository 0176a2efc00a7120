import { successEnvelope } from '@shop/shared/contract';
import {
  adminInvoiceDetailSchema,
  invoiceNumberParamsSchema,
  invoicePageSchema,
  listInvoicesQuerySchema,
} from '@shop/shared/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { adminInvoiceOf, readInvoiceFile } from './read.ts';

/** The back office's invoices (`listInvoices`, `getInvoice`): read-only, since an issued invoice never changes. */
export const invoiceAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = () =>
      ctx.db.kysely
        .selectFrom('invoice')
        .leftJoin('invoice as original', 'original.id', 'invoice.original_invoice_id')
        .innerJoin('shop_order', 'shop_order.id', 'invoice.order_id');
    const columns = [
      'invoice.number',
      'invoice.kind',
      'invoice.issued_at',
      'invoice.order_id',
      'invoice.total_cents',
      'invoice.data',
      'original.number as original_number',
    ] as const;

    app.get(
      '/invoices',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'listInvoices',
          summary: 'Invoices and cancellation invoices, newest first',
          tags: ['invoices'],
          querystring: listInvoicesQuerySchema,
          response: { 200: successEnvelope(invoicePageSchema) },
        },
      },
      async (request) => {
        const { page, perPage, q, kind, orderId, from, to } = request.query;
        let query = base();
        if (q) {
          const like = `%${q.toLowerCase()}%`;
          query = query.where((eb) =>
            eb.or([
              eb(eb.fn('lower', ['invoice.number']), 'like', like),
              eb('shop_order.increment_id', 'like', like),
              eb(eb.fn('lower', ['invoice.data']), 'like', like),
            ]),
          );
        }
        if (kind) query = query.where('invoice.kind', '=', kind);
        if (orderId) query = query.where('invoice.order_id', '=', orderId);
        if (from) query = query.where('invoice.issued_at', '>=', new Date(from).toISOString());
        if (to) query = query.where('invoice.issued_at', '<', new Date(to).toISOString());
        const { total } = await query
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow();
        const rows = await query
          .select(columns)
          .orderBy('invoice.id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute();
        return { result: { items: rows.map(adminInvoiceOf), total: Number(total), page, perPage } };
      },
    );

    app.get(
      '/invoices/:number',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'getInvoice',
          summary: 'One invoice with its PDF (Factur-X)',
          tags: ['invoices'],
          params: invoiceNumberParamsSchema,
          response: { 200: successEnvelope(adminInvoiceDetailSchema) },
        },
      },
      async (request) => {
        const row = await base().select(columns).where('invoice.number', '=', request.params.number).executeTakeFirst();
        const file = row && (await readInvoiceFile(ctx.db.kysely, row.number));
        if (!row || !file) throw notFound('Unknown invoice');
        return { result: { ...adminInvoiceOf(row), file } };
      },
    );
  };
