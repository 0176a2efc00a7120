import {
  confirmationPreviewSchema,
  CustomerErrorCode,
  ErrorCode,
  languageSchema,
  orderRequestSchema,
  orderEmailOf,
  orderResponseSchema,
  placesChangedBodySchema,
  priceChangedBodySchema,
  successEnvelope,
  ValidationCode,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/errors.ts';
import { isFromThisMachine } from '../../http/this-machine.ts';
import { unknownCodeGuard } from '../cart/code-guesses.ts';
import { optionalCustomer } from '../customer/authenticate.ts';
import { mailboxKey } from '../customer/mailbox.ts';
import type { OfferedMethods } from '../cart/pricing/offered-methods.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import { clientKey } from '../../rate-limit/client-key.ts';
import { limitedBy, rateLimited } from '../../rate-limit/route-limits.ts';
import { z } from 'zod';
import { renderOrderConfirmation } from './confirmation-mail.ts';
import { submitRateLimits } from './rate-limits.ts';
import { sampleOrder, sampleRecipient } from './sample-order.ts';
import { queueOrderReceived } from './order-received-mail.ts';
import { submitOrder } from './submit.ts';
import { answerRefusedSubmit } from './submit/answers.ts';

export interface OrderRouteOptions {
  provider: PaymentProvider;
  /** The provider's enabled methods (cached); the order must choose one of them. */
  offeredPaymentMethods: OfferedMethods;
  /** Called after places changed (the catalogue's cached search answers are stale then). */
  onPlacesChanged: () => void;
}

/** POST /cart/submit (docs/product-rules.md#api-calls; bearer for customers, guests send emailAddress). */
export const orderRoutes =
  (ctx: AppContext, { provider, offeredPaymentMethods, onPlacesChanged }: OrderRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const submitsPerAddress = limitedBy(app, 'submit:address', submitRateLimits.perAddress);
    // The price call's allowance of unknown discount codes, shared: the 409 below tells codes apart as it does.
    const answers = { db: ctx.db.kysely, limitUnknownCodes: unknownCodeGuard(app), onPlacesChanged };
    app.post(
      '/cart/submit',
      {
        config: { bearer: 'optional' },
        schema: {
          body: orderRequestSchema,
          response: {
            200: successEnvelope(orderResponseSchema),
            409: z.union([placesChangedBodySchema, priceChangedBodySchema]),
          },
        },
        preHandler: rateLimited(app, 'submit', { perClient: submitRateLimits.perClient }),
      },
      async (request, reply) => {
        const auth = await optionalCustomer(ctx, request);
        // docs/product-rules.md#roles: customer calls need a verified address; an unverified one is sent to verify, not ordered as a guest.
        if (auth && auth.customer.is_email_verified !== 1)
          throw new AppError(403, CustomerErrorCode.emailNotVerified, 'The e-mail address is not verified yet');
        const customer = auth ? { id: auth.customer.id, email: auth.customer.email } : null;
        const email = orderEmailOf(request.body, customer?.email ?? null);
        if (email === null)
          throw new AppError(400, ErrorCode.validation, 'Invalid body', { emailAddress: ValidationCode.required });
        // Per inbox, as every per-address limit (docs/product-rules.md#mail-limits-per-inbox): `+tag` aliases are one.
        await submitsPerAddress(reply, mailboxKey(email));
        const buyer = { customerId: customer?.id ?? null, email };
        const now = ctx.now();
        try {
          const offeredMethods = await offeredPaymentMethods();
          const order = await submitOrder(ctx.db.kysely, {
            request: request.body,
            customer,
            now,
            provider,
            offeredMethods,
            paymentHoldSeconds: ctx.paymentHoldSeconds,
            unpaidHoldPlaces: ctx.unpaidHoldPlaces,
            // Development spares the API's own machine (the developer's browser, the journeys: every checkout left
            // on the sandbox page holds for PAYMENT_HOLD_SECONDS); a forwarded request is never spared.
            clientKey: ctx.mode === 'development' && isFromThisMachine(request) ? undefined : clientKey(request.ip),
          });
          if (order.placesChanged) onPlacesChanged();
          // The receipt with the way back to the waiting payment (a guest who closes the provider's tab has no other).
          // A mail that cannot be queued costs the order nothing: the buyer is on the way to the payment.
          if (order.paymentLink)
            await queueOrderReceived(ctx.db.kysely, {
              orderId: order.orderId,
              orderKey: order.orderKey,
              shopUrl: ctx.shopUrl,
              now,
            }).catch((error: unknown) => request.log.error({ err: error }, 'The order-received mail was not queued'));
          return {
            result: { incrementId: order.incrementId, paymentLink: order.paymentLink, orderKey: order.orderKey },
          };
        } catch (error) {
          const refused = { body: request.body, ip: request.ip, log: request.log, reply, buyer, now };
          return answerRefusedSubmit(error, refused, answers);
        }
      },
    );

    /** The confirmation mail rendered with sample data, for the /emailorder preview (docs/product-rules.md#screens). */
    app.get(
      '/orders/confirmation-preview',
      {
        schema: {
          querystring: z.object({ locale: languageSchema.default('de') }).strict(),
          response: { 200: successEnvelope(confirmationPreviewSchema) },
        },
      },
      async (request) => {
        const { subject, html, text } = renderOrderConfirmation(sampleOrder, request.query.locale, sampleRecipient);
        return { result: { subject, html, text } };
      },
    );

    /** The same preview as a page of its own, for the /emailorder screen's frame (a real document, no scripts). */
    app.get(
      '/orders/confirmation-preview/html',
      { schema: { querystring: z.object({ locale: languageSchema.default('de') }).strict() } },
      async (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send(renderOrderConfirmation(sampleOrder, request.query.locale, sampleRecipient).html),
    );
  };
