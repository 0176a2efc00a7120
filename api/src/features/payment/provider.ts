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

export interface CreatePaymentInput {
  amountCents: number;
  /** The order number, shown on the provider's page. */
  reference: string;
  method: string;
  /** The database handle of the caller's transaction: a provider with its own books here (sandbox) joins it. */
  db: Kysely<Database>;
}

/**
 * A payment provider (DESIGN.md "Payments"). A real one (Mollie, Stripe…) would call its HTTP API here; the
 * `sandbox` provider keeps its books in the shop's database and serves a test page.
 */
export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<{ id: string; paymentLink: string }>;
  /** The provider's current view of a payment; null when it does not know the id. */
  fetchPayment(id: string): Promise<ProviderPayment | null>;
}
