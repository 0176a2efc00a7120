import type { ParsedOrderRequest, PaymentMethodId } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { PricedCourseLine } from '../../cart/pricing/index.ts';
import { queueOrderPaidNotice } from '../../school-notices/notices.ts';
import { queueOrderConfirmation } from '../confirmation.ts';
import { creditPackages } from '../credits.ts';
import { admitUnpaidHold, type HoldKeys, recordUnpaidHold } from '../unpaid-holds.ts';
import { insertOrder } from './insert-order.ts';
import { writePositions } from './positions.ts';
import { priceAgain } from './price-again.ts';
import { redeemCodes } from './redeem-codes.ts';
import { spendCredits } from './spend-credits.ts';
import { type ClaimedOffer, takeOrderPlaces } from './take-places.ts';
import { inTransaction } from '../../../db/database.ts';

export interface OrderToWrite {
  request: ParsedOrderRequest;
  customerId: number | null;
  email: string;
  now: Date;
  offeredMethods?: ReadonlySet<PaymentMethodId>;
  paymentHoldSeconds: number;
  /** Who an unpaid order counts for (undefined: no cap, for fixtures), and how many places they may hold. */
  holdKeys: HoldKeys | undefined;
  unpaidHoldPlaces: number;
}

export interface WrittenOrder {
  orderId: number;
  incrementId: string;
  orderKey: string;
  totalCents: number;
  method: PaymentMethodId | undefined;
  holdExpiresAt: Date;
  /** Nothing was to be paid: the order is complete already. */
  paid: boolean;
  placesChanged: boolean;
  claimedOffers: ClaimedOffer[];
}

/**
 * Steps 1 and 2 of a submit, in one transaction: prices the order again, then writes it with its number, billing
 * address, positions, spent credits, code redemptions and its hold, places taken first. Anything that changed
 * since the buyer was shown the price rolls it all back (priceAgain, takeOrderPlaces). Nothing to pay: paid here.
 */
export async function writeOrder(db: Kysely<Database>, input: OrderToWrite): Promise<WrittenOrder> {
  const { request, customerId, email, now, holdKeys } = input;
  return inTransaction(db, async (trx) => {
    const { priced, totalCents, method } = await priceAgain(trx, input);
    // An order to be paid holds what it takes: one client may have only so many such orders open at once, and one
    // client and one inbox only so many places in them.
    const courseLines = priced.calculation.lines.filter((line): line is PricedCourseLine => line.itemType === 'course');
    const places = courseLines.reduce((total, line) => total + line.quantity, 0);
    if (totalCents > 0 && holdKeys !== undefined)
      await admitUnpaidHold(trx, holdKeys, { places, placesCap: input.unpaidHoldPlaces }, now);
    const claimedOffers = await takeOrderPlaces(trx, { request, courseLines, now });

    const paid = totalCents === 0;
    const holdExpiresAt = new Date(now.getTime() + input.paymentHoldSeconds * 1000);
    const written = { request, customerId, email, now, totalCents, method, holdExpiresAt };
    const { orderId, incrementId, orderKey } = await insertOrder(trx, written);
    if (!paid && holdKeys !== undefined)
      await recordUnpaidHold(trx, { orderId, keys: holdKeys, places, holdExpiresAt });

    await writePositions(trx, { orderId, request, priced });
    await spendCredits(trx, { orderId, customerId, priced, now });
    await redeemCodes(trx, { orderId, customerId, email, priced, now });
    if (paid) {
      await creditPackages(trx, { orderId, customerId, now });
      await queueOrderConfirmation(trx, orderId, now);
      await queueOrderPaidNotice(trx, orderId, now);
    }
    const placesChanged = courseLines.length > 0;
    return { orderId, incrementId, orderKey, totalCents, method, holdExpiresAt, paid, placesChanged, claimedOffers };
  });
}
