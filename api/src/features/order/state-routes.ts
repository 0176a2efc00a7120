import {
  orderCalendarSchema,
  orderReleaseRequestSchema,
  orderStateParamsSchema,
  orderStateRequestSchema,
  orderStateSchema,
  successEnvelope,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { rateLimited, type RateLimitRule } from '../customer/rate-limits.ts';
import { orderCalendarFile } from './confirmation-mail.ts';
import { readOrder } from './read.ts';
import { buyersOrderId, readOrderState, releaseWaitingOrder } from './state.ts';

export interface OrderStateRouteOptions {
  /** Asks the payment provider to cancel the pending payments of an order just released (cancel-expired.ts). */
  cancelProviderPayment: (orderId: number) => Promise<void>;
  /** Places were given back: cached search answers are stale. */
  onPlacesChanged: () => void;
}

const minute = 60_000;

/**
 * Lookups of an order's state. The return page asks every 3 seconds while a payment is open (20 a minute), so
 * one buyer's wait of several minutes fits, and a few buyers behind one address too; guessing order numbers for
 * a known address, or addresses for a number, stays slow (docs/decisions/0004-checkout-return.md).
 */
export const orderStateRateLimit = {
  perClient: { max: 100, timeWindowMs: 10 * minute },
  perAddress: { max: 100, timeWindowMs: 10 * minute },
} satisfies RateLimitRule;

/**
 * POST /orders/{incrementId}/state with `{ email }`: the order's payment state for the return page and the
 * confirmation. The address goes in the body, not the URL, so it stays out of access logs; a wrong address
 * answers exactly like an unknown number (404).
 */
export const orderStateRoutes =
  (ctx: AppContext, { cancelProviderPayment, onPlacesChanged }: OrderStateRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/orders/:incrementId/state',
      {
        schema: {
          params: orderStateParamsSchema,
          body: orderStateRequestSchema,
          response: { 200: successEnvelope(orderStateSchema) },
        },
        preHandler: rateLimited(app, 'orderState', orderStateRateLimit),
      },
      async (request) => {
        const { email, orderKey } = request.body;
        const state = await readOrderState(ctx.db, request.params.incrementId, email, ctx.now(), orderKey);
        if (!state) throw notFound('Unknown order');
        return { result: state };
      },
    );

    /**
     * POST /orders/{incrementId}/release with `{ email, orderKey }`: the buyer came back from the payment page and
     * chose to change the order. A waiting order is cancelled and its places are free at once; its payment is
     * cancelled at the provider where it can be (a payment that still arrives is flagged for refund, as after a hold).
     * Answers the order's state afterwards; a wrong address or key is the same 404 as an unknown number.
     */
    app.post(
      '/orders/:incrementId/release',
      {
        schema: {
          params: orderStateParamsSchema,
          body: orderReleaseRequestSchema,
          response: { 200: successEnvelope(orderStateSchema) },
        },
        preHandler: rateLimited(app, 'orderRelease', orderStateRateLimit),
      },
      async (request) => {
        const { email, orderKey } = request.body;
        const { incrementId } = request.params;
        const release = await releaseWaitingOrder(ctx.db, incrementId, email, orderKey);
        if (!release) throw notFound('Unknown order');
        if (release.released) {
          onPlacesChanged();
          try {
            await cancelProviderPayment(release.orderId);
          } catch (error) {
            request.log.warn(
              { err: error, orderId: release.orderId },
              'The released order’s payment was not cancelled',
            );
          }
        }
        const state = await readOrderState(ctx.db, incrementId, email, ctx.now(), orderKey);
        if (!state) throw notFound('Unknown order');
        return { result: state };
      },
    );

    /**
     * POST /orders/{incrementId}/calendar with `{ email, orderKey }`: the order's calendar file for the confirmation
     * page (every lesson of its courses). Only for the browser that placed it, like the price list.
     */
    app.post(
      '/orders/:incrementId/calendar',
      {
        schema: {
          params: orderStateParamsSchema,
          body: orderReleaseRequestSchema,
          response: { 200: successEnvelope(orderCalendarSchema) },
        },
        preHandler: rateLimited(app, 'orderState', orderStateRateLimit),
      },
      async (request) => {
        const { email, orderKey } = request.body;
        const orderId = await buyersOrderId(ctx.db, request.params.incrementId, email, orderKey);
        const order = orderId === null ? null : await readOrder(ctx.db, orderId);
        if (!order) throw notFound('Unknown order');
        return { result: orderCalendarFile(order) };
      },
    );
  };
