import {
  isHoldRunning,
  languageSchema,
  OrderErrorCode,
  type OrderStatus,
  successEnvelope,
  textSchema,
} from '@shop/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { captureDuePayment, type CaptureOptions } from './capture.ts';
import { type Completion, completePayment } from './complete.ts';
import {
  checkoutReturnUrl,
  type PaymentProvider,
  PaymentProviderUnavailableError,
} from '../payment-provider/provider.ts';
import { alertOperator } from './refund-alert.ts';
import { openPaymentCase } from './payment-cases.ts';
import { renderSandboxPage, sandboxPageCsp } from './sandbox-page.ts';
import { type sandboxProvider, sandboxOutcomes } from './sandbox-provider.ts';

export interface PaymentRouteOptions {
  provider: PaymentProvider;
  /** The sandbox, when it is the provider: its test page and its buttons. */
  sandbox: ReturnType<typeof sandboxProvider> | null;
  onPlacesChanged: () => void;
  /** How due captures of authorized payments are made (the same as the capture job's). */
  captures: CaptureOptions;
}

/** What follows an authorization: its capture at once, or its release when the order was cancelled meanwhile. */
async function afterAuthorization(
  completion: Completion,
  providerPaymentId: string,
  { captures, log }: { captures: CaptureOptions; log: FastifyBaseLogger },
): Promise<void> {
  if (completion.outcome === 'authorized') {
    // A failure is recorded on the payment and tried again by the capture job; the webhook still answers 200.
    await captureDuePayment(captures, completion.paymentRowId);
  } else if (completion.outcome === 'not_captured') {
    // Releases the buyer's reserved money early; left alone, the authorization lapses at the provider.
    const released = await captures.provider.cancelPayment?.(providerPaymentId).catch(() => 'unknown' as const);
    log.warn(
      { orderNumber: completion.incrementId, providerPaymentId, released },
      `Payment ${providerPaymentId} was authorized for order ${completion.incrementId}, which was cancelled; not captured`,
    );
  } else if (completion.outcome === 'authorization_lapsed') {
    log.error(
      {
        alert: 'CAPTURE_FAILED',
        orderNumber: completion.incrementId,
        providerPaymentId,
        status: completion.paymentStatus,
      },
      `CAPTURE FAILED: payment ${providerPaymentId} of order ${completion.incrementId} ended ${completion.paymentStatus} before its capture; the order is booked without money`,
    );
  }
}

/**
 * The provider's webhook (POST /payments/webhook/{provider}; Mollie posts `id=tr_…` form-encoded, the sandbox
 * also takes JSON `{ id }`: only the id is read) and the sandbox's hosted test page. Both end in completePayment,
 * then do what follows a change once. The webhook answers every id alike (200, nothing about the payment): an
 * unknown one is neither an error to retry nor a way to learn which ids exist. A provider that fails or does not
 * answer makes it 503, so the provider calls again later.
 */
export const paymentRoutes =
  (ctx: AppContext, { provider, sandbox, onPlacesChanged, captures }: PaymentRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const complete = async (id: string, log: FastifyBaseLogger): Promise<Completion | null> => {
      const completion = await completePayment(ctx, provider, id);
      if (!completion) {
        log.info(`Payment ${id.slice(0, 80)} is unknown to the shop; ignored`);
        return null;
      }
      app.metrics.paymentsByOutcome.inc({ outcome: completion.outcome, status: completion.paymentStatus });
      if (completion.outcome === 'cancelled' || completion.outcome === 'charged_back') onPlacesChanged();
      alertOperator(log, provider.name, id, completion);
      await openPaymentCase(ctx.db.kysely, provider.name, id, completion, ctx.now());
      await afterAuthorization(completion, id, { captures, log });
      return completion;
    };

    // Mollie's webhook and the sandbox page's buttons post HTML-form bodies; only this plugin accepts that type.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.post(
      '/payments/webhook/:provider',
      {
        schema: {
          params: z.object({ provider: textSchema.max(40) }),
          body: z.object({ id: textSchema.min(1).max(200) }),
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
          throw new AppError(
            503,
            OrderErrorCode.paymentProviderUnavailable,
            'The payment provider is unavailable; call again later',
          );
        }
        return { result: { received: true as const } };
      },
    );

    if (!sandbox) return;

    app.get(
      '/payments/sandbox/:paymentId',
      { schema: { params: z.object({ paymentId: textSchema.max(200) }) } },
      async (request, reply) => {
        const payment = await sandbox.fetchPayment(request.params.paymentId);
        if (!payment) throw notFound('Unknown payment');
        const row = await ctx.db.kysely
          .selectFrom('sandbox_payment')
          .leftJoin('payment', (join) =>
            join.onRef('payment.transaction_id', '=', 'sandbox_payment.id').on('payment.provider', '=', sandbox.name),
          )
          .leftJoin('shop_order', 'shop_order.id', 'payment.order_id')
          .select(['sandbox_payment.reference', 'shop_order.locale', 'shop_order.status', 'shop_order.hold_expires_at'])
          .where('sandbox_payment.id', '=', payment.id)
          .executeTakeFirstOrThrow();
        const language = languageSchema.catch('de').parse(row.locale);
        const holdOver =
          row.status !== null &&
          !isHoldRunning({ status: row.status as OrderStatus, holdExpiresAt: row.hold_expires_at }, ctx.now());
        const csp = `${sandboxPageCsp(new URL(ctx.shopUrl).origin)}; ${String(reply.getHeader('content-security-policy') ?? '')}`;
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', csp)
          .header('cache-control', 'no-store')
          .send(
            renderSandboxPage({
              payment,
              reference: row.reference,
              language,
              holdOver,
              shopUrl: ctx.shopUrl,
              schoolName: (await ctx.schoolIdentity.read())?.name ?? null,
            }),
          );
      },
    );
    app.post(
      '/payments/sandbox/:paymentId',
      {
        schema: {
          params: z.object({ paymentId: textSchema.max(200) }),
          body: z.object({ outcome: z.enum(sandboxOutcomes) }),
        },
      },
      async (request, reply) => {
        const decided = await sandbox.decide(request.params.paymentId, request.body.outcome);
        if (!decided) throw notFound('Unknown payment');
        // The same path as the provider's webhook, then, whatever the outcome, back to the shop's return page like a
        // real provider's redirectUrl: that page asks for the order's state and goes on from there.
        const completion = await complete(decided.id, request.log);
        if (!completion) throw notFound('Unknown payment');
        return reply.redirect(checkoutReturnUrl(ctx.shopUrl, completion.incrementId, completion.email), 303);
      },
    );
  };
