import type { Language } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What a provider reports about one of its payments; the shop never takes this from a webhook body. */
export type ProviderPaymentStatus = 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface ProviderPayment {
  /** The provider's id of the payment (stored as `payment.transaction_id`, unique per provider). */
  id: string;
  status: ProviderPaymentStatus;
  amountCents: number;
}

/** How long an order waits for its payment unless PAYMENT_HOLD_SECONDS says otherwise. */
export const defaultPaymentHoldSeconds = 1800;

/**
 * Where the provider sends the buyer back (its `redirectUrl`): the shop's return page for this order, which asks
 * the API for the order's state and goes on to the confirmation, a waiting notice or the cancel page.
 */
export function checkoutReturnUrl(shopUrl: string, incrementId: string, email: string): string {
  return new URL(`/checkout-return/${encodeURIComponent(incrementId)}/${encodeURIComponent(email)}`, `${shopUrl}/`).toString();
}

export interface CreatePaymentInput {
  amountCents: number;
  /** The order number, shown on the provider's page. */
  reference: string;
  /** The shop's id of the order (a provider keeps it in its metadata). */
  orderId: number;
  /** The buyer's address (for the return URL). */
  email: string;
  /** The language of the order (the provider's page speaks it). */
  locale: Language;
  /** The end of the order's hold: the provider's payment must not outlive it. */
  expiresAt: Date;
  method: string;
  /** The database handle of the caller's transaction: a provider with its own books here (sandbox) joins it. */
  db: Kysely<Database>;
}

/**
 * A payment provider. A real one (Mollie, Stripe…) would call its HTTP API here; the
 * `sandbox` provider keeps its books in the shop's database and serves a test page.
 */
export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<{ id: string; paymentLink: string }>;
  /** The provider's current view of a payment; null when it does not know the id. */
  fetchPayment(id: string): Promise<ProviderPayment | null>;
}
