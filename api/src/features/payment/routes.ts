import { successEnvelope, textSchema } from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { sendOrderConfirmation } from '../order/confirmation.ts';
import { type Completion, completePayment } from './complete.ts';
import type { PaymentProvider } from './provider.ts';
import { renderSandboxPage } from './sandbox-page.ts';
import { type sandboxProvider, sandboxOutcomes } from './sandbox-provider.ts';

export interface PaymentRouteOptions {
  provider: PaymentProvider;
  /** The sandbox, when it is the provider: its test page and its buttons. */
  sandbox: ReturnType<typeof sandboxProvider> | null;
  onPlacesChanged: () => void;
}

const completionSchema = z.object({ outcome: z.string(), paymentStatus: z.string() });

/**
 * The provider's webhook (POST /payments/webhook/{provider}, body `{ id }`: only the provider's payment id is
 * read) and the sandbox's hosted test page. Both end in completePayment, then do what follows a change once.
 */
export const paymentRoutes =
  (ctx: AppContext, { provider, sandbox, onPlacesChanged }: PaymentRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const complete = async (id: string, log: { error: (error: unknown, message: string) => void }): Promise<Completion> => {
      const completion = await completePayment(ctx, provider, id);
      if (completion.outcome === 'cancelled') onPlacesChanged();
      if (completion.outcome === 'paid') await sendOrderConfirmation(ctx, completion.orderId).catch((error: unknown) => log.error(error, 'Order confirmation mail failed'));
      if (completion.outcome === 'refund_required') log.error(new Error(`Order ${completion.incrementId}`), 'Payment received for a cancelled order: refund required');
      return completion;
    };

    app.post(
      '/payments/webhook/:provider',
      {
        schema: {
          params: z.object({ provider: textSchema.max(40) }),
          body: z.object({ id: textSchema.min(1).max(200) }),
          response: { 200: successEnvelope(completionSchema) },
        },
      },
      async (request) => {
        if (request.params.provider !== provider.name) throw notFound('Unknown payment provider');
        const { outcome, paymentStatus } = await complete(request.body.id, request.log);
        return { result: { outcome, paymentStatus } };
      },
    );

    if (!sandbox) return;
    // The page's buttons post an HTML form (urlencoded); only this plugin accepts that type.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get('/payments/sandbox/:paymentId', { schema: { params: z.object({ paymentId: textSchema.max(200) }) } }, async (request, reply) => {
      const payment = await sandbox.fetchPayment(request.params.paymentId);
      if (!payment) throw notFound('Unknown payment');
      const row = await ctx.db.kysely.selectFrom('sandbox_payment').select('reference').where('id', '=', payment.id).executeTakeFirstOrThrow();
      return reply.type('text/html; charset=utf-8').send(renderSandboxPage({ payment, reference: row.reference }));
    });

    app.post(
      '/payments/sandbox/:paymentId',
      { schema: { params: z.object({ paymentId: textSchema.max(200) }), body: z.object({ outcome: z.enum(sandboxOutcomes) }) } },
      async (request, reply) => {
        const decided = await sandbox.decide(request.params.paymentId, request.body.outcome);
        if (!decided) throw notFound('Unknown payment');
        // The same path as the provider's webhook, then back to the shop like a real provider's return.
        const completion = await complete(decided.id, request.log);
        const target =
          completion.paymentStatus === 'paid'
            ? `/checkout-complete/${encodeURIComponent(completion.incrementId)}/${encodeURIComponent(completion.email)}`
            : completion.paymentStatus === 'pending'
              ? `/api/payments/sandbox/${encodeURIComponent(decided.id)}`
              : '/checkout-cancel';
        return reply.redirect(new URL(target, `${ctx.shopUrl}/`).toString(), 303);
      },
    );
  };
