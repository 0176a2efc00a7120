import {
  normalizeEmail,
  orderEmailOf,
  type OrderResponse,
  type ParsedOrderRequest,
  type PaymentMethodId,
} from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { mailboxKey } from '../customer/mailbox.ts';
import type { PaymentProvider } from '../payment-provider/provider.ts';
import { createOrderPayment } from './submit/create-payment.ts';
import { recordPayment } from './submit/record-payment.ts';
import { writeOrder } from './submit/write-order.ts';
import { defaultUnpaidHoldPlaces } from './unpaid-holds.ts';

export interface SubmitInput {
  request: ParsedOrderRequest;
  /** The logged-in customer (verified), or null for a guest. */
  customer: { id: number; email: string } | null;
  now: Date;
  /** Called with the shop's own timeout (guardedProvider): a failure throws PaymentProviderUnavailableError. */
  provider: PaymentProvider;
  /** The payment methods the provider has enabled (asked before the transaction, never inside it). */
  offeredMethods?: ReadonlySet<PaymentMethodId>;
  /** How long a payment_pending order holds what it took. */
  paymentHoldSeconds: number;
  /**
   * The client's rate-limit key: an order to be paid counts against its caps on open unpaid holds, and against the
   * unpaid places of its client and of its address's inbox (unpaid-holds.ts). Omitted by callers that are not a
   * client's request (fixtures): no cap.
   */
  clientKey?: string;
  /** How many places one client and one inbox may hold unpaid at once (UNPAID_HOLD_PLACES). */
  unpaidHoldPlaces?: number;
}

export interface SubmittedOrder extends OrderResponse {
  /** Always given by this API (the contract's is optional for older ones). */
  orderKey: string;
  orderId: number;
  email: string;
  /** True when nothing was to be paid and the order is complete already. */
  paid: boolean;
  /** Courses whose free places changed (the catalogue's cached search must forget them). */
  placesChanged: boolean;
}

/**
 * POST /cart/submit, in its steps, so that no HTTP call to the payment provider runs inside a database transaction
 * (on SQLite that would stall every other write):
 * 1. price the order again (submit/price-again.ts) and 2. write it (submit/write-order.ts), in one transaction that
 *    rolls back with a typed error when anything changed since the buyer was shown the price; an order with
 *    nothing to pay is complete here;
 * 3. the provider creates the payment (submit/create-payment.ts), undoing the order when it cannot;
 * 4. the payment is recorded (submit/record-payment.ts).
 * The route turns each typed error into its answer (submit/answers.ts).
 */
export async function submitOrder(
  db: Kysely<Database>,
  { request, customer, now, provider, offeredMethods, paymentHoldSeconds, clientKey, ...caps }: SubmitInput,
): Promise<SubmittedOrder> {
  // The route refused a guest's order without an address (400); a fixture always names one.
  const email = orderEmailOf(request, customer?.email ?? null);
  if (email === null) throw new Error('An order needs the address it is placed with');
  const holdKeys = clientKey === undefined ? undefined : { clientKey, inbox: mailboxKey(normalizeEmail(email)) };
  const order = await writeOrder(db, {
    request,
    customerId: customer?.id ?? null,
    email,
    now,
    offeredMethods,
    paymentHoldSeconds,
    holdKeys,
    unpaidHoldPlaces: caps.unpaidHoldPlaces ?? defaultUnpaidHoldPlaces,
  });
  const { orderId, incrementId, orderKey, paid, placesChanged, method } = order;
  const submitted = { orderId, incrementId, orderKey, email, paid, placesChanged };
  if (paid) return { ...submitted, paymentLink: null };
  // priceAgain refuses an order to be paid without an offered method.
  if (method === undefined) throw new Error(`Order ${incrementId} is to be paid but has no method`);

  const payment = await createOrderPayment(db, provider, { order, method, request, email });
  await recordPayment(db, { orderId, provider: provider.name, method, payment, amountCents: order.totalCents, now });
  return { ...submitted, paymentLink: payment.paymentLink };
}
