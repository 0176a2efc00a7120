import { OrderErrorCode, priceRequestOfOrder, type ParsedOrderRequest } from '@shop/shared/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import { tooManyRequests } from '../../../rate-limit/route-limits.ts';
import type { unknownCodeGuard } from '../../cart/code-guesses.ts';
import { priceCart } from '../../cart/pricing/index.ts';
import { paymentRefusedMessages, providerUnavailableMessages } from '../../payment-provider/messages.ts';
import { PriceChangedError, priceChangedMessages } from '../price-check.ts';
import { TooManyUnpaidHoldsError, unpaidHoldMessages, UnpaidPlacesLimitError } from '../unpaid-holds.ts';
import { PlacesChangedError, SubmitUndoneError } from './errors.ts';

/** What the answers need of the route: its database, its allowance of unknown codes, the catalogue's cache. */
export interface SubmitAnswerOptions {
  db: Kysely<Database>;
  limitUnknownCodes: ReturnType<typeof unknownCodeGuard>;
  onPlacesChanged: () => void;
}

/** The refused submit: its request, its reply, and the buyer it was priced for. */
export interface RefusedSubmit {
  body: ParsedOrderRequest;
  ip: string;
  log: FastifyBaseLogger;
  reply: FastifyReply;
  buyer: { customerId: number | null; email: string };
  now: Date;
}

/**
 * The one mapping from a submit's typed errors to their answers (docs/product-rules.md#errors): sends the 409s
 * with their bodies, throws the others as AppErrors (the error handler writes them), rethrows anything else.
 */
export async function answerRefusedSubmit(
  error: unknown,
  { body, ip, log, reply, buyer, now }: RefusedSubmit,
  { db, limitUnknownCodes, onPlacesChanged }: SubmitAnswerOptions,
): Promise<FastifyReply> {
  const locale = body.locale;
  // The caps on unpaid holds answer like the rate limits (docs/product-rules.md#limits), and say what to do.
  if (error instanceof TooManyUnpaidHoldsError) {
    const refusal = tooManyRequests(reply, error.retryAfterSeconds);
    throw new AppError(429, refusal.code, refusal.message, undefined, unpaidHoldMessages[locale].tooManyOrders);
  }
  if (error instanceof UnpaidPlacesLimitError) {
    const messages = unpaidHoldMessages[locale];
    if (error.retryAfterSeconds === null)
      throw new AppError(
        422,
        OrderErrorCode.unpaidPlacesLimit,
        error.message,
        undefined,
        messages.orderTooLarge(error.cap),
      );
    reply.header('retry-after', error.retryAfterSeconds);
    const text = messages.placesHeld(error.held, error.cap);
    throw new AppError(429, OrderErrorCode.unpaidPlacesLimit, error.message, undefined, text);
  }
  if (error instanceof PriceChangedError) {
    // Beyond the client's allowance this answers 429 instead, saying nothing about any code of the order.
    await limitUnknownCodes({ ip, reply, language: locale }, error.unknownCodes);
    return reply.code(409).send({
      error: { code: OrderErrorCode.priceChanged, message: error.message },
      meta: { message: priceChangedMessages[locale] },
      priceResult: error.priceResult,
      reasons: error.reasons,
    });
  }
  if (error instanceof SubmitUndoneError) {
    if (error.placesChanged) onPlacesChanged();
    const what = error.refused ? 'Payment refused by the provider' : 'Payment provider unavailable';
    log.warn({ err: error.cause }, `${what}: order ${error.incrementId} undone, its number stays unused`);
    if (error.refused)
      throw new AppError(
        422,
        OrderErrorCode.paymentRefused,
        'The payment provider refused the payment; nothing was ordered',
        undefined,
        paymentRefusedMessages[locale],
      );
    throw new AppError(
      503,
      OrderErrorCode.paymentProviderUnavailable,
      'The payment provider is unavailable; nothing was ordered',
      undefined,
      providerUnavailableMessages[locale],
    );
  }
  if (!(error instanceof PlacesChangedError)) throw error;
  // A place went between pricing and writing: read the adjustments fresh, now that the winner committed.
  const adjustments =
    error.quantityAdjustments.length > 0
      ? error.quantityAdjustments
      : (await priceCart(db, priceRequestOfOrder(body), { ...buyer, now })).calculation.adjustments;
  return reply.code(409).send({
    error: { code: OrderErrorCode.placesChanged, message: error.message },
    quantityAdjustments: adjustments,
  });
}
