import { OrderErrorCode, successEnvelope } from '@shop/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { sendOrderConfirmation } from '../order/confirmation.ts';
import { type Completion, completePayment } from './complete.ts';
import { type PaymentProvider, PaymentProviderUnavailableError } from './provider.ts';
import { renderSandboxPage } from './sandbox-page.ts';
import { type sandboxProvider, sandboxOutcomes } from './sandbox-provider.ts';

export interface PaymentRouteOptions {
  provider: PaymentProvider;
  /** The sandbox, when it is the provider: its test page and its buttons. */
  sandbox: ReturnType<typeof sandboxProvider> | null;
  onPlacesChanged: () => void;
}

/**
 * The provider's webhook (POST /payments/webhook/{provider}; Mollie posts `id=tr_…` form-encoded, the sandbox
 * also takes JSON `{ id }`: only the id is read) and the sandbox's hosted test page. Both end in completePayment,
 * then do what follows a change once. The webhook answers every id alike (200, nothing about the payment): an
 * unknown one is neither an error to retry nor a way to learn which ids exist. A provider that fails or does not
 * answer makes it 503, so the provider calls again later.
 */
export const paymentRoutes =
  (ctx: AppContext, { provider, sandbox, onPlacesChanged }: PaymentRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const complete = async (id: string, log: FastifyBaseLogger): Promise<Completion | null> => {
      const completion = await completePayment(ctx, provider, id);
      if (!completion) {
        log.info(`Payment ${id.slice(0, 80)} is unknown to the shop; ignored`);
        return null;
      }
      if (completion.outcome === 'cancelled') onPlacesChanged();
      if (completion.outcome === 'paid') await sendOrderConfirmation(ctx, completion.orderId).catch((error: unknown) => log.error(error, 'Order confirmation mail failed'));
      if (completion.outcome === 'refund_required') log.error(new Error(`Order ${completion.incrementId}`), 'Payment received for a cancelled order: refund required');
      return completion;
    };

    // Mollie's webhook and the sandbox page's buttons post HTML-form bodies; only this plugin accepts that type.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.post(
      '/payments/webhook/:provider',
      {
        schema: {
          params: z.object({ provider: z.string().max(40) }),
          body: z.object({ id: z.string().min(1).max(200) }),
          response: { 200: successEnvelope(z.object({ received: z.literal(true) })) },
        },
      },
      async (request) => {
        if (request.params.provider !== provider.name) throw notFound('Unknown payment provider');
        try {
          await complete(request.body.id, request.log);
        } catch (error) {
          if (!(error instanceof PaymentProviderUnavailableError)) throw error;
          request.log.warn({ err: error }, 'Payment provider unavailable in the webhook; it will call again');
          throw new AppError(503, OrderErrorCode.paymentProviderUnavailable, 'The payment provider is unavailable; call again later');
        }
        return { result: { received: true as const } };
      },
    );

    if (!sandbox) return;

    app.get('/payments/sandbox/:paymentId', { schema: { params: z.object({ paymentId: z.string().max(200) }) } }, async (request, reply) => {
      const payment = await sandbox.fetchPayment(request.params.paymentId);
      if (!payment) throw notFound('Unknown payment');
      const row = await ctx.db.kysely.selectFrom('sandbox_payment').select('reference').where('id', '=', payment.id).executeTakeFirstOrThrow();
      return reply.type('text/html; charset=utf-8').send(renderSandboxPage({ payment, reference: row.reference }));
    });

    app.post(
      '/payments/sandbox/:paymentId',
      { schema: { params: z.object({ paymentId: z.string().max(200) }), body: z.object({ outcome: z.enum(sandboxOutcomes) }) } },
      async (request, reply) => {
        const decided = await sandbox.decide(request.params.paymentId, request.body.outcome);
        if (!decided) throw notFound('Unknown payment');
        // The same path as the provider's webhook, then back to the shop like a real provider's return.
        const completion = await complete(decided.id, request.log);
        if (!completion) throw notFound('Unknown payment');
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
