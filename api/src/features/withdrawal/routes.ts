import {
  successEnvelope,
  withdrawalConfirmRequestSchema,
  withdrawalReceiptSchema,
  withdrawalRequestSchema,
} from '@shop/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { limitedBy, rateLimited } from '../../rate-limit/route-limits.ts';
import { optionalCustomer } from '../customer/authenticate.ts';
import { mailboxKey } from '../customer/mailbox.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import { confirmWithdrawal, declareWithdrawal, type ReceiptAllowance } from './declare.ts';

const hour = 60 * 60_000;

/**
 * Declarations per client and per receipt address: every one is stored and mails its address. Far above a person
 * withdrawing from several orders, or a family behind one address; see docs/decisions/0011-withdrawal.md. An
 * address's allowance is counted apart for declarations matched to an order by its address and for the others
 * (ReceiptAllowance in declare.ts): a stranger's declarations to an address do not keep its owner from withdrawing.
 */
export const withdrawalRateLimits = {
  perClient: { max: 30, timeWindowMs: hour },
  perAddress: { max: 10, timeWindowMs: hour },
};

/** Confirmation links per client: a person opens a handful; the token (256 bits) is not guessable anyway. */
export const withdrawalConfirmRateLimits = { perClient: { max: 30, timeWindowMs: hour } };

export interface WithdrawalRouteOptions {
  provider: PaymentProvider;
  /** Called after places came back (cached course searches are stale then). */
  onPlacesChanged: () => void;
}

/**
 * POST /withdrawals: the electronic withdrawal function, for guests and customers alike (a customer's bearer lets
 * their own orders match whatever address the receipt goes to, and only the order's logged-in owner's declaration
 * acts at once). Always 200 with the receipt once the body is valid: the declaration is stored whatever becomes of
 * it, and the receipt says honestly whether it waits for its link or the school decides.
 *
 * POST /withdrawals/confirm: the link of a receipt opened; 200 with the receipt and what became of the declaration,
 * or 400/409/410 with the reason on the field `token` (unknown, used, expired).
 */
export const withdrawalRoutes =
  (ctx: AppContext, { provider, onPlacesChanged }: WithdrawalRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const receiptLimits: Record<ReceiptAllowance, ReturnType<typeof limitedBy>> = {
      otherAddress: limitedBy(app, 'withdrawal:address', withdrawalRateLimits.perAddress),
      orderAddress: limitedBy(app, 'withdrawal:order-address', withdrawalRateLimits.perAddress),
    };
    app.post(
      '/withdrawals',
      {
        config: { bearer: 'optional' },
        schema: { body: withdrawalRequestSchema, response: { 200: successEnvelope(withdrawalReceiptSchema) } },
        preHandler: rateLimited(app, 'withdrawal', { perClient: withdrawalRateLimits.perClient }),
      },
      async (request, reply) => {
        const auth = await optionalCustomer(ctx, request);
        const { receipt, placesChanged } = await declareWithdrawal(ctx, provider, {
          request: request.body,
          customerId: auth?.customer.id ?? null,
          log: (error, what) => request.log.error({ err: error }, what),
          // Per inbox, as every per-address mail limit (docs/product-rules.md#mail-limits-per-inbox).
          limitReceipts: (allowance, email) => receiptLimits[allowance](reply, mailboxKey(email)),
        });
        if (placesChanged) onPlacesChanged();
        return { result: receipt };
      },
    );
    app.post(
      '/withdrawals/confirm',
      {
        schema: { body: withdrawalConfirmRequestSchema, response: { 200: successEnvelope(withdrawalReceiptSchema) } },
        preHandler: rateLimited(app, 'withdrawal-confirm', withdrawalConfirmRateLimits),
      },
      async (request) => {
        const { receipt, placesChanged } = await confirmWithdrawal(ctx, provider, {
          token: request.body.token,
          log: (error, what) => request.log.error({ err: error }, what),
        });
        if (placesChanged) onPlacesChanged();
        return { result: receipt };
      },
    );
  };
