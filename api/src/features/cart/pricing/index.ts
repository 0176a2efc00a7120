import { ErrorCode, type ParsedPriceRequest, type PaymentMethodId, type PriceResult } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import { calculatePrice } from './calculate.ts';
import { unknownItemFields } from './check-request.ts';
import { loadPricingFacts, type Buyer } from './load-facts.ts';
import type { PriceCalculation, PricingFacts } from './model.ts';
import { toPriceResult } from './present.ts';

export { calculatePrice } from './calculate.ts';
export { loadPricingFacts, type Buyer } from './load-facts.ts';
export type { PriceCalculation, PricedCourseLine, PricedLine, PricingFacts } from './model.ts';

export interface PricedCart {
  calculation: PriceCalculation;
  facts: PricingFacts;
  result: PriceResult;
}

/**
 * Prices a validated request for a buyer (a customer, or a guest with or without an address): reads the facts
 * from `db` (a transaction when the checkout submits), refuses unknown items with a 400 and field errors,
 * calculates, and presents the Price result with the payment methods among `offeredMethods` (those the payment
 * provider has enabled). The one entry point for the cart routes and the checkout's submit.
 */
export async function priceCart(
  db: Kysely<Database>,
  request: ParsedPriceRequest,
  { offeredMethods, ...buyer }: Buyer & { now: Date; offeredMethods?: ReadonlySet<PaymentMethodId> },
): Promise<PricedCart> {
  const facts = await loadPricingFacts(db, request, buyer);
  const fields = unknownItemFields(request, facts);
  if (Object.keys(fields).length > 0) throw new AppError(400, ErrorCode.validation, 'Invalid body', fields);
  const calculation = calculatePrice(request, facts);
  return { calculation, facts, result: toPriceResult(calculation, facts, request, offeredMethods) };
}
