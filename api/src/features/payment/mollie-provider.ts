import { type Language } from '@shop/shared/contract';
import { centsToDecimal, decimalToCents } from '@shop/shared/money';
import {
  CaptureStatus,
  createMollieClient,
  Locale,
  MollieApiError,
  PaymentLineType,
  PaymentMethod,
  PaymentStatus,
  RefundStatus,
} from '@mollie/api-client';
import {
  checkoutReturnUrl,
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentRefusedError,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from '../payment-provider/provider.ts';

/** Mollie's page language for the order's language. */
const mollieLocales: Record<Language, Locale> = { de: Locale.de_DE, en: Locale.en_US, es: Locale.es_ES };

/** The payment's description: on Mollie's page and, where the method allows, the buyer's statement. */
const descriptions: Record<Language, (reference: string) => string> = {
  de: (reference) => `Bestellung ${reference}`,
  en: (reference) => `Order ${reference}`,
  es: (reference) => `Pedido ${reference}`,
};

/**
 * Mollie's statuses as the shop's: open and pending still wait for the buyer or the bank; authorized (Klarna) books
 * the order and waits for the shop's capture; paid, failed, canceled and expired are final (Mollie calls the
 * webhook for each of these changes).
 */
const statuses: Record<PaymentStatus, ProviderPaymentStatus> = {
  [PaymentStatus.open]: 'pending',
  [PaymentStatus.pending]: 'pending',
  [PaymentStatus.authorized]: 'authorized',
  [PaymentStatus.paid]: 'paid',
  [PaymentStatus.failed]: 'failed',
  [PaymentStatus.canceled]: 'canceled',
  [PaymentStatus.expired]: 'expired',
};

/** Mollie's amounts are strings with exactly two decimals ("744.30"; "-5.00" for a discount line). */
export function mollieAmount(cents: number): { currency: 'EUR'; value: string } {
  return { currency: 'EUR', value: centsToDecimal(cents) };
}

/** Names of the line that reconciles the positions with the amount (a discount code on the whole order). */
const balancingLines: Record<Language, { discount: string; surcharge: string }> = {
  de: { discount: 'Rabatt', surcharge: 'Aufpreis' },
  en: { discount: 'Discount', surcharge: 'Surcharge' },
  es: { discount: 'Descuento', surcharge: 'Recargo' },
};

/**
 * The order's positions as Mollie's `lines` (Klarna requires them): each line's totalAmount is unitPrice ×
 * quantity − discountAmount, and the lines add up to the amount, with one discount (or surcharge) line for what the
 * positions do not account for.
 */
export function mollieLines(input: Pick<CreatePaymentInput, 'lines' | 'amountCents' | 'locale'>) {
  const lines = input.lines.map((line) => ({
    type: line.kind === 'digital' ? PaymentLineType.digital : PaymentLineType.physical,
    description: line.description,
    quantity: line.quantity,
    unitPrice: mollieAmount(line.unitPriceCents),
    ...(line.discountCents > 0 ? { discountAmount: mollieAmount(line.discountCents) } : {}),
    totalAmount: mollieAmount(line.totalCents),
  }));
  const difference = input.amountCents - input.lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (difference === 0) return lines;
  const kind = difference < 0 ? 'discount' : 'surcharge';
  return [
    ...lines,
    {
      type: PaymentLineType[kind],
      description: balancingLines[input.locale][kind],
      quantity: 1,
      unitPrice: mollieAmount(difference),
      totalAmount: mollieAmount(difference),
    },
  ];
}

export function centsOfMollieAmount({ currency, value }: { currency: string; value: string }): number {
  const cents = /^\d+\.\d{2}$/.test(value) ? decimalToCents(value) : undefined;
  if (currency !== 'EUR' || cents === undefined) throw new Error(`Unexpected amount from Mollie: ${value} ${currency}`);
  return cents;
}

/**
 * A payment's amount as Mollie reports it, in any currency (hundredths of its unit; Mollie writes as many decimals
 * as the currency has, none for JPY): a payment in another currency than the order's is a mismatch the shop must
 * see, not an error that makes its webhook answer 503 for ever.
 */
export function reportedMollieAmount({ currency, value }: { currency: string; value: string }): {
  amountCents: number;
  currency: string;
} {
  const amountCents = decimalToCents(value);
  if (amountCents === undefined || !/^[A-Z]{3}$/.test(currency)) {
    throw new Error(`Unexpected amount from Mollie: ${value} ${currency}`);
  }
  return { amountCents, currency };
}

/** The shop's key of a refund, as its metadata carries it (`refund` above); undefined for any other refund. */
const refundKeyOf = (metadata: unknown): string | undefined => {
  const key = (metadata as { shopRefundKey?: unknown } | null)?.shopRefundKey;
  return typeof key === 'string' ? key : undefined;
};

/** Mollie's payment ids; anything else is not asked about. */
const paymentIdPattern = /^tr_[A-Za-z0-9]{1,64}$/;

export interface MollieProviderOptions {
  apiKey: string;
  /** The API's root (MOLLIE_API_URL), Mollie's own v2 endpoint by default. */
  apiUrl?: string;
  /** SHOP_URL: the buyer comes back to it, the webhook is called on it. */
  shopUrl: string;
}

/**
 * The `mollie` provider, on Mollie's official client and its Payments API (docs/decisions/0002-mollie-payments.md).
 * Calls carry no timeout of their own: the shop wraps the provider in guardedProvider.
 */
export function mollieProvider({ apiKey, apiUrl, shopUrl }: MollieProviderOptions): PaymentProvider {
  const mollie = createMollieClient({ apiKey, ...(apiUrl ? { apiEndpoint: apiUrl } : {}) });
  const webhookUrl = new URL('/api/payments/webhook/mollie', `${shopUrl}/`).toString();
  return {
    name: 'mollie',
    async createPayment(input: CreatePaymentInput) {
      const payment = await mollie.payments
        .create(createParameters(input, { shopUrl, webhookUrl }))
        .catch((error: unknown) => {
          // 422: Mollie (or the method behind it) refuses these details; any other failure is Mollie's or ours.
          if (error instanceof MollieApiError && error.statusCode === 422)
            throw new PaymentRefusedError(`Mollie refused the payment: ${error.message}`, { cause: error });
          throw error;
        });
      const paymentLink = payment.getCheckoutUrl();
      if (!paymentLink) throw new Error(`Mollie payment ${payment.id} has no checkout link`);
      // Mollie sets the expiry per method; the order's hold still ends first (a later "paid" is flagged for refund).
      if (payment.expiresAt && new Date(payment.expiresAt) > input.expiresAt) {
        console.warn(
          `Mollie payment ${payment.id} (${input.method}) expires at ${payment.expiresAt}, after the hold of order ${input.reference}`,
        );
      }
      return { id: payment.id, paymentLink };
    },
    async fetchPayment(id: string): Promise<ProviderPayment | null> {
      if (!paymentIdPattern.test(id)) return null;
      try {
        const payment = await mollie.payments.get(id);
        return {
          id: payment.id,
          status: statuses[payment.status] ?? 'pending',
          ...reportedMollieAmount(payment.amount),
          // Listed only once something was charged back; the payment stays paid.
          chargedBackCents: payment.amountChargedBack ? reportedMollieAmount(payment.amountChargedBack).amountCents : 0,
        };
      } catch (error) {
        if (error instanceof MollieApiError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async cancelPayment(id: string) {
      if (!paymentIdPattern.test(id)) return 'unknown';
      try {
        const payment = await mollie.payments.get(id);
        if (!payment.isCancelable) return 'not_cancelable';
        await mollie.payments.cancel(id);
        return 'canceled';
      } catch (error) {
        if (error instanceof MollieApiError && error.statusCode === 404) return 'unknown';
        // Cancelable a moment ago, no longer now: the buyer was quicker; the webhook brings that payment in.
        if (error instanceof MollieApiError && error.statusCode === 422) return 'not_cancelable';
        throw error;
      }
    },
    async refund({ paymentId, amountCents, description, idempotencyKey }) {
      // The key makes a repeated call within Mollie's memory of it return the first refund. A refund retried after
      // Mollie forgot its key (an earlier attempt whose answer was lost, retried by a declaration days later) would
      // pay twice: so the key also goes into the refund's metadata, and a refund that carries it is answered instead,
      // as the capture does (docs/decisions/0039-capture-authorized-payments.md).
      const earlier = await mollie.paymentRefunds.page({ paymentId });
      const made = earlier.find(
        (refund) =>
          refundKeyOf(refund.metadata) === idempotencyKey &&
          refund.status !== RefundStatus.failed &&
          refund.status !== RefundStatus.canceled,
      );
      if (made) return { id: made.id };
      const refund = await mollie.paymentRefunds
        .create({
          paymentId,
          amount: mollieAmount(amountCents),
          description,
          metadata: { shopRefundKey: idempotencyKey },
          idempotencyKey,
        })
        .catch((error: unknown) => {
          // 422: Mollie refuses this refund (more than remains, a payment not refundable): an answer, kept as a case.
          if (error instanceof MollieApiError && error.statusCode === 422)
            throw new PaymentRefusedError(`Mollie refused the refund: ${error.message}`, { cause: error });
          throw error;
        });
      return { id: refund.id };
    },
    async capturePayment({ paymentId, amountCents, idempotencyKey }) {
      // A capture made before (an earlier attempt whose answer was lost, after Mollie forgot its key) is answered
      // instead of a second one; Mollie would refuse a second full capture anyway.
      const earlier = await mollie.paymentCaptures.page({ paymentId });
      const kept = earlier.find((capture) => capture.status !== CaptureStatus.failed);
      if (kept) return { id: kept.id };
      const capture = await mollie.paymentCaptures.create({
        paymentId,
        amount: mollieAmount(amountCents),
        idempotencyKey,
      });
      return { id: capture.id };
    },
    async enabledMethods() {
      // Apple Pay is a wallet: Mollie lists it only when the shop says it checks the device itself (it does).
      const methods = await mollie.methods.list({ includeWallets: 'applepay' });
      return new Set(methods.map((method) => String(method.id)));
    },
  };
}

/**
 * What Mollie's Create payment receives. The Payments API has no expiry parameter for these methods (only bank
 * transfer's `dueDate`, in whole days): the hold's end is enforced by the shop, see the decision record.
 */
export function createParameters(
  input: CreatePaymentInput,
  { shopUrl, webhookUrl }: { shopUrl: string; webhookUrl: string },
) {
  const address = input.billingAddress;
  return {
    amount: mollieAmount(input.amountCents),
    description: descriptions[input.locale](input.reference),
    redirectUrl: checkoutReturnUrl(shopUrl, input.reference, input.email),
    webhookUrl,
    locale: mollieLocales[input.locale],
    method: input.method as PaymentMethod,
    metadata: { orderId: input.orderId, orderNumber: input.reference },
    lines: mollieLines(input),
    billingAddress: {
      givenName: address.firstname,
      familyName: address.lastname,
      streetAndNumber: address.addressLine1,
      ...(address.addressLine2 ? { streetAdditional: address.addressLine2 } : {}),
      postalCode: address.zip,
      city: address.city,
      country: address.country,
      email: input.email,
    },
  };
}
