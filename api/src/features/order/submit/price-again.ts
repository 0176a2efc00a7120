import {
  OrderErrorCode,
  priceRequestOfOrder,
  type ParsedOrderRequest,
  type PaymentMethodId,
} from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import { unknownCodes } from '../../cart/code-guesses.ts';
import { priceCart, type PricedCart } from '../../cart/pricing/index.ts';
import { PriceChangedError, priceChanges } from '../price-check.ts';
import { PlacesChangedError } from './errors.ts';

export interface PricedOrder {
  priced: PricedCart;
  totalCents: number;
  /** The chosen method, when there is something to pay. */
  method: PaymentMethodId | undefined;
}

/**
 * Step 1 of a submit, inside its transaction: prices the order again with the cart's pricing module, under the
 * locks of its codes and balances, and refuses it when anything priced changed (PlacesChangedError), when the
 * total or an applied code is not what the buyer was shown (PriceChangedError), or when it is to be paid without
 * an offered method.
 */
export async function priceAgain(
  trx: Kysely<Database>,
  {
    request,
    customerId,
    email,
    now,
    offeredMethods,
  }: {
    request: ParsedOrderRequest;
    customerId: number | null;
    email: string;
    now: Date;
    offeredMethods?: ReadonlySet<PaymentMethodId>;
  },
): Promise<PricedOrder> {
  await lockCodesAndBalances(trx, request.discountCodes, customerId);
  // Priced under the code lock with the buyer's address, so once-per-customer codes count this address's orders.
  const priceRequest = priceRequestOfOrder(request);
  const priced = await priceCart(trx, priceRequest, { customerId, email, now, offeredMethods });
  if (priced.calculation.adjustments.length > 0) throw new PlacesChangedError(priced.calculation.adjustments);
  // Charged only at the total the buyer was shown, with every code they saw applied.
  const changes = priceChanges(request.expectedTotalPrice, priced);
  if (changes.length > 0)
    throw new PriceChangedError(priced.result, changes, unknownCodes(priceRequest.discountCodes, priced.facts));
  const { totalCents } = priced.calculation;
  const method = totalCents > 0 ? request.selectedPaymentMethod : undefined;
  if (totalCents > 0 && (!method || !priced.result.paymentMethods.some((m) => m.id === method)))
    throw new AppError(
      400,
      OrderErrorCode.paymentMethodRequired,
      'A payment method offered for this order is required',
      {
        selectedPaymentMethod: 'required',
      },
    );
  return { priced, totalCents, method };
}

/**
 * Serialises submits that share a discount code or a customer's balance (PostgreSQL: row locks until commit),
 * so usage limits and balances are counted at this moment. A no-op write is the one lock both dialects know.
 */
async function lockCodesAndBalances(trx: Kysely<Database>, codes: readonly string[], customerId: number | null) {
  for (const code of [...codes].sort()) {
    await trx
      .updateTable('discount_code')
      .set((eb) => ({ code: eb.ref('code') }))
      .where('code', '=', code)
      .execute();
  }
  if (customerId !== null) {
    await trx
      .updateTable('customer')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', customerId)
      .execute();
  }
}
