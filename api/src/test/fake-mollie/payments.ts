import { eurosToCents } from '@shop/shared/money';
import { randomBytes } from 'node:crypto';

/** Mollie's payment statuses (Payments API). */
export type FakePaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

/** A payment as the fake keeps it: what Create payment accepted, plus its state. */
export interface FakePayment {
  id: string;
  createdAt: string;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl: string | null;
  locale: string | null;
  method: string | null;
  metadata: unknown;
  status: FakePaymentStatus;
  expiresAt: string;
  statusChangedAt: string | null;
  /**
   * Whether the merchant may still cancel it while it is open (Mollie allows it for some methods only, and says so
   * in `isCancelable`); true unless a test says otherwise.
   */
  cancelable: boolean;
  /** What the buyer's bank took back (chargebacks), as Mollie's `amountChargedBack`; none unless a test says so. */
  chargedBack: string | null;
}

/** Mollie's error body (RFC 7807 style, with a documentation link). */
export function mollieError(status: number, title: string, detail: string, field?: string) {
  return {
    status,
    title,
    detail,
    ...(field ? { field } : {}),
    _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
  };
}

export class FakeMollieInputError extends Error {
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(detail);
  }
}

const locales = new Set([
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'fr_FR',
  'fr_BE',
  'de_DE',
  'de_AT',
  'de_CH',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
]);

/** How long a fake payment stays open (Mollie's own expiry differs per method; the shop does not rely on it). */
const openMinutes = 15;

/**
 * Create payment's checks as Mollie documents them: an amount with currency and a string value with the right
 * decimals, a description, a redirectUrl; webhookUrl, locale, method and metadata optional. Throws
 * FakeMollieInputError (422) naming the field.
 */
export function newPayment(body: unknown, enabledMethods: readonly string[], now = new Date()): FakePayment {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const amount = input.amount as { currency?: unknown; value?: unknown } | undefined;
  if (typeof amount?.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency))
    throw new FakeMollieInputError('amount.currency', 'The amount currency is invalid');
  if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value))
    throw new FakeMollieInputError('amount.value', 'The amount contains an invalid value');
  if (Number(amount.value) < 0.01) throw new FakeMollieInputError('amount', 'The amount is lower than the minimum');
  if (typeof input.description !== 'string' || input.description.trim() === '')
    throw new FakeMollieInputError('description', 'The description is invalid');
  if (typeof input.redirectUrl !== 'string' || !isUrl(input.redirectUrl))
    throw new FakeMollieInputError('redirectUrl', 'The redirect URL is invalid');
  if (input.webhookUrl !== undefined && (typeof input.webhookUrl !== 'string' || !isUrl(input.webhookUrl)))
    throw new FakeMollieInputError('webhookUrl', 'The webhook URL is invalid');
  if (input.locale !== undefined && (typeof input.locale !== 'string' || !locales.has(input.locale)))
    throw new FakeMollieInputError('locale', 'The locale is invalid');
  if (input.method !== undefined && (typeof input.method !== 'string' || !enabledMethods.includes(input.method))) {
    throw new FakeMollieInputError('method', 'The payment method is invalid or not activated');
  }
  checkLines(input.lines, amount.value);
  if (input.method === 'klarna') checkKlarnaRequirements(input);
  return {
    id: `tr_${randomBytes(8).toString('hex')}`,
    createdAt: now.toISOString(),
    amount: { currency: amount.currency, value: amount.value },
    description: input.description,
    redirectUrl: input.redirectUrl,
    webhookUrl: (input.webhookUrl as string | undefined) ?? null,
    locale: (input.locale as string | undefined) ?? null,
    method: (input.method as string | undefined) ?? null,
    metadata: input.metadata ?? null,
    status: 'open',
    expiresAt: new Date(now.getTime() + openMinutes * 60_000).toISOString(),
    statusChangedAt: null,
    cancelable: true,
    chargedBack: null,
  };
}

const cents = (amount: unknown, field: string): number => {
  const value = (amount as { value?: unknown } | undefined)?.value;
  if (typeof value !== 'string' || !/^-?\d+\.\d{2}$/.test(value))
    throw new FakeMollieInputError(field, `The ${field} is invalid`);
  return eurosToCents(Number(value));
};

/**
 * Lines, when given: each with a description, a positive quantity, a unit price and a total amount that is
 * unitPrice × quantity − discountAmount; together they add up to the payment's amount.
 */
function checkLines(lines: unknown, amountValue: string) {
  if (lines === undefined) return;
  if (!Array.isArray(lines) || lines.length === 0) throw new FakeMollieInputError('lines', 'The lines are invalid');
  let sum = 0;
  lines.forEach((line: Record<string, unknown>, index) => {
    if (typeof line.description !== 'string' || line.description.trim() === '')
      throw new FakeMollieInputError(`lines.${index}.description`, 'The description is invalid');
    if (!Number.isInteger(line.quantity) || (line.quantity as number) < 1)
      throw new FakeMollieInputError(`lines.${index}.quantity`, 'The quantity is invalid');
    const total = cents(line.totalAmount, `lines.${index}.totalAmount`);
    const expected =
      cents(line.unitPrice, `lines.${index}.unitPrice`) * (line.quantity as number) -
      (line.discountAmount === undefined ? 0 : cents(line.discountAmount, `lines.${index}.discountAmount`));
    if (total !== expected)
      throw new FakeMollieInputError(
        `lines.${index}.totalAmount`,
        'The total amount does not match unitPrice × quantity − discountAmount',
      );
    sum += total;
  });
  if (sum !== eurosToCents(Number(amountValue)))
    throw new FakeMollieInputError('amount', 'The amount does not match the sum of the lines');
}

/** Klarna through the Payments API needs the lines and a billing address with name, e-mail and postal address. */
function checkKlarnaRequirements(input: Record<string, unknown>) {
  if (input.lines === undefined) throw new FakeMollieInputError('lines', 'The lines are required for Klarna');
  const address = (input.billingAddress ?? {}) as Record<string, unknown>;
  for (const field of ['givenName', 'familyName', 'email', 'streetAndNumber', 'postalCode', 'city', 'country']) {
    if (typeof address[field] !== 'string' || address[field] === '')
      throw new FakeMollieInputError(`billingAddress.${field}`, `The billing address ${field} is required for Klarna`);
  }
}

function isUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The payment object of Mollie's responses (Get payment, Create payment). */
export function paymentJson(payment: FakePayment, origin: string) {
  const at = {
    paid: 'paidAt',
    failed: 'failedAt',
    canceled: 'canceledAt',
    expired: 'expiredAt',
    authorized: 'authorizedAt',
  } as const;
  const changedAtKey = payment.status in at ? at[payment.status as keyof typeof at] : null;
  return {
    resource: 'payment',
    id: payment.id,
    mode: 'test',
    createdAt: payment.createdAt,
    amount: payment.amount,
    description: payment.description,
    method: payment.method,
    metadata: payment.metadata,
    status: payment.status,
    isCancelable: payment.status === 'open' && payment.cancelable,
    ...(payment.status === 'open' ? { expiresAt: payment.expiresAt } : {}),
    ...(changedAtKey && payment.statusChangedAt ? { [changedAtKey]: payment.statusChangedAt } : {}),
    ...(payment.status === 'paid'
      ? { amountRefunded: { currency: payment.amount.currency, value: '0.00' }, amountRemaining: payment.amount }
      : {}),
    // Mollie lists it only once something was charged back; the status stays paid.
    ...(payment.chargedBack
      ? { amountChargedBack: { currency: payment.amount.currency, value: payment.chargedBack } }
      : {}),
    profileId: 'pfl_fakeprofile',
    sequenceType: 'oneoff',
    redirectUrl: payment.redirectUrl,
    webhookUrl: payment.webhookUrl,
    locale: payment.locale,
    _links: {
      self: { href: `${origin}/v2/payments/${payment.id}`, type: 'application/hal+json' },
      ...(payment.status === 'open'
        ? { checkout: { href: `${origin}/checkout/${payment.id}`, type: 'text/html' } }
        : {}),
      dashboard: { href: `${origin}/dashboard/payments/${payment.id}`, type: 'text/html' },
      documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
    },
  };
}

/** Descriptions of the methods the fake knows, for List payment methods. */
const methodNames: Record<string, string> = {
  eps: 'eps',
  creditcard: 'Card',
  paybybank: 'Pay by Bank',
  klarna: 'Klarna',
  applepay: 'Apple Pay',
  banktransfer: 'Bank transfer',
  ideal: 'iDEAL',
};

/** One method object of List payment methods. */
export function methodJson(id: string, origin: string) {
  return {
    resource: 'method',
    id,
    description: methodNames[id] ?? id,
    minimumAmount: { value: '0.01', currency: 'EUR' },
    maximumAmount: null,
    image: {
      size1x: `${origin}/images/${id}.png`,
      size2x: `${origin}/images/${id}%402x.png`,
      svg: `${origin}/images/${id}.svg`,
    },
    status: 'activated',
    _links: { self: { href: `${origin}/v2/methods/${id}`, type: 'application/hal+json' } },
  };
}
