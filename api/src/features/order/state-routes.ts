import {
  orderStateParamsSchema,
  orderStateRequestSchema,
  orderStateSchema,
  successEnvelope,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { rateLimited, type RateLimitRule } from '../customer/rate-limits.ts';
import { readOrderState } from './state.ts';

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
  (ctx: AppContext): FastifyPluginAsyncZod =>
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
  };
