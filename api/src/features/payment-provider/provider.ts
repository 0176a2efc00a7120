import type { Language } from '@shop/shared/contract';

/**
 * What a provider reports about one of its payments; the shop never takes this from a webhook body. `authorized`:
 * the buyer's money is reserved (Klarna) and the shop must capture it (docs/decisions/0039-capture-authorized-payments.md).
 */
export type ProviderPaymentStatus = 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface ProviderPayment {
  /** The provider's id of the payment (stored as `payment.transaction_id`, unique per provider). */
  id: string;
  status: ProviderPaymentStatus;
  /** The amount in hundredths of `currency`'s unit, as the provider reports it. */
  amountCents: number;
  /** ISO 4217, as the provider reports it; the shop charges `shopCurrency` only. */
  currency: string;
  /**
   * What the buyer's bank has taken back of a paid payment so far (chargebacks; Mollie's `amountChargedBack`), in
   * the same unit; 0 when nothing was. The status stays paid.
   */
  chargedBackCents: number;
}

/** The one currency the shop charges in; a payment in any other is never what an order owes. */
export const shopCurrency = 'EUR';

/** How long an order waits for its payment unless PAYMENT_HOLD_SECONDS says otherwise. */
export const defaultPaymentHoldSeconds = 1800;

/**
 * Where the provider sends the buyer back (its `redirectUrl`): the shop's return page for this order, which asks
 * the API for the order's state and goes on to the confirmation, a waiting notice or the cancel page.
 */
export function checkoutReturnUrl(shopUrl: string, incrementId: string, email: string): string {
  return new URL(
    `/checkout-return/${encodeURIComponent(incrementId)}/${encodeURIComponent(email)}`,
    `${shopUrl}/`,
  ).toString();
}

/** The buyer's billing address, as the provider may want it (fraud checks; Klarna requires it). */
export interface PaymentBillingAddress {
  firstname: string;
  lastname: string;
  addressLine1: string;
  addressLine2: string;
  zip: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** One position of the order as the provider lists it; totalCents = unitPriceCents × quantity − discountCents. */
export interface PaymentLine {
  kind: 'digital' | 'physical';
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  totalCents: number;
}

export interface CreatePaymentInput {
  amountCents: number;
  /** The order number, shown on the provider's page. */
  reference: string;
  /** The shop's id of the order (a provider keeps it in its metadata). */
  orderId: number;
  /** The buyer's address (for the return URL). */
  email: string;
  billingAddress: PaymentBillingAddress;
  /** The order's positions; they may add up to more than the amount (discount codes on the whole order). */
  lines: PaymentLine[];
  /** The language of the order (the provider's page speaks it). */
  locale: Language;
  /** The end of the order's hold: the provider's payment must not outlive it. */
  expiresAt: Date;
  /** One of the shop's PaymentMethodId, which are the provider's method ids. */
  method: string;
}

/** A refund of (part of) a paid payment. */
export interface RefundInput {
  /** The provider's id of the paid payment. */
  paymentId: string;
  amountCents: number;
  /** Shown to the consumer where the provider shows it (their statement, Mollie's dashboard). */
  description: string;
  /**
   * The same key for every attempt at one refund: the provider creates it once, however often the shop asks
   * (a timeout, a retry, a second process).
   */
  idempotencyKey: string;
}

/** The capture of an authorized payment. */
export interface CaptureInput {
  /** The provider's id of the authorized payment. */
  paymentId: string;
  amountCents: number;
  /** The same key for every attempt at one capture, so that the provider creates it once. */
  idempotencyKey: string;
}

/**
 * A payment provider: `mollie` calls Mollie's Payments API; the `sandbox` provider keeps its books in the shop's
 * database and serves a test page. Submit calls createPayment outside any database transaction (an HTTP call there
 * would stall every other write), with a timeout.
 */
export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<{ id: string; paymentLink: string }>;
  /** The provider's current view of a payment; null when it does not know the id. */
  fetchPayment(id: string): Promise<ProviderPayment | null>;
  /** Gives money of a paid payment back; the answer is the provider's id of the refund. */
  refund(input: RefundInput): Promise<{ id: string }>;
  /**
   * Captures an authorized payment; the answer is the provider's id of the capture. When the payment was captured
   * already, that capture's id, never a second one. Absent when the provider never reports `authorized` (sandbox).
   */
  capturePayment?(input: CaptureInput): Promise<{ id: string }>;
  /**
   * The method ids enabled at the provider (e.g. Mollie's methods API); the shop offers only those of its list.
   * Absent when the provider offers every method (sandbox).
   */
  enabledMethods?(): Promise<ReadonlySet<string>>;
  /**
   * Cancels a payment the buyer has not completed, where the provider still allows it (Mollie's `isCancelable`):
   * `canceled`, `not_cancelable` (the buyer may still pay; a later "paid" is flagged for refund) or `unknown`.
   * Absent when the provider has nothing to cancel (sandbox: its page refuses payments after the hold).
   */
  cancelPayment?(id: string): Promise<'canceled' | 'not_cancelable' | 'unknown'>;
}

/**
 * The provider answered and refused the payment as asked: the details do not suit the chosen method (Mollie's 422,
 * e.g. Klarna declining a billing address). Asking again with the same details would be refused again, so the buyer
 * is told to choose another method or check the address (422), not to try again later.
 */
export class PaymentRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentRefusedError';
  }
}

/** The provider failed or did not answer in time: nothing may stay held for the order (503 for the buyer). */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}
