import {
  cartSyncCreatedSchema,
  cartSyncIdSchema,
  cartSyncLimits,
  cartSyncPayloadSchema,
  cartSyncRequestSchema,
  cartValidationResultSchema,
  priceRequestSchema,
  priceResultSchema,
  successEnvelope,
  textSchema,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { rateLimited } from '../../rate-limit/route-limits.ts';
import { optionalCustomer } from '../customer/authenticate.ts';
import type { OfferedMethods } from './pricing/offered-methods.ts';
import { priceCart, type Buyer } from './pricing/index.ts';
import { unknownCodeGuard, unknownCodes } from './code-guesses.ts';
import { cartSyncRateLimit } from './rate-limits.ts';
import { readCartSync, storeCartSync } from './sync.ts';

export interface CartRouteOptions {
  /** The payment methods the provider has enabled (cached); the price result offers only those. */
  offeredPaymentMethods?: OfferedMethods;
}

/** The cart calls: price calculation and validation (bearer optional), and the cart transfer. */
export const cartRoutes =
  (ctx: AppContext, { offeredPaymentMethods }: CartRouteOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const limitUnknownCodes = unknownCodeGuard(app);
    /** Balances count only for a logged-in customer with a verified address; anybody else prices as a guest. */
    const pricingBuyer = async (request: Parameters<typeof optionalCustomer>[1]): Promise<Buyer> => {
      const auth = await optionalCustomer(ctx, request);
      return auth && auth.customer.is_email_verified === 1
        ? { customerId: auth.customer.id, email: auth.customer.email }
        : { customerId: null, email: null };
    };

    app.post(
      '/cart/calculate-price',
      {
        config: { bearer: 'optional' },
        schema: { body: priceRequestSchema, response: { 200: successEnvelope(priceResultSchema) } },
      },
      async (request, reply) => {
        const buyer = await pricingBuyer(request);
        const offeredMethods = await offeredPaymentMethods?.();
        const priced = await priceCart(ctx.db.kysely, request.body, { ...buyer, now: ctx.now(), offeredMethods });
        // Whether a code exists is part of the answer: codes the shop does not know are limited per client.
        await limitUnknownCodes(
          { ip: request.ip, reply, language: request.body.locale },
          unknownCodes(request.body.discountCodes, priced.facts),
        );
        return { result: priced.result };
      },
    );

    app.post(
      '/cart/validate',
      {
        config: { bearer: 'optional' },
        schema: { body: priceRequestSchema, response: { 200: successEnvelope(cartValidationResultSchema) } },
      },
      async (request) => {
        const buyer = await pricingBuyer(request);
        const { calculation } = await priceCart(ctx.db.kysely, request.body, { ...buyer, now: ctx.now() });
        return { result: { quantityAdjustments: calculation.adjustments } };
      },
    );

    app.post(
      '/cart/sync',
      // Anybody may park a cart: the body is capped (413), its items and texts by the schema (400), and how often.
      {
        bodyLimit: cartSyncLimits.bodyBytes,
        schema: { body: cartSyncRequestSchema, response: { 200: successEnvelope(cartSyncCreatedSchema) } },
        preHandler: rateLimited(app, 'cart-sync', cartSyncRateLimit),
      },
      async (request) => ({
        result: await storeCartSync(ctx.db, request.body.items, ctx.now(), request.body.discountCodes),
      }),
    );

    app.get(
      '/cart/sync/:id',
      {
        schema: {
          params: z.object({ id: textSchema.max(200) }),
          response: { 200: successEnvelope(cartSyncPayloadSchema) },
        },
      },
      async (request) => {
        // Anything that is not a sync id (a locally encoded cart, say) is simply not a parked cart: 404.
        const id = cartSyncIdSchema.safeParse(request.params.id);
        const payload = id.success ? await readCartSync(ctx.db, id.data, ctx.now()) : null;
        if (!payload) throw notFound('No cart with this id, or it has expired');
        return { result: payload };
      },
    );
  };
