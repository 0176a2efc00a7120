import {
  earlyStartRequiredCode,
  ErrorCode,
  contractDateOf,
  needsEarlyStartRequest,
  itemKey,
  normalizeEmail,
  OrderErrorCode,
  type PaymentMethodId,
  orderEmailOf,
  priceRequestOfOrder,
  type OrderResponse,
  type ParsedOrderRequest,
  type QuantityAdjustment,
} from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { unknownCodes } from '../cart/code-guesses.ts';
import { priceCart, type PricedCart, type PricedCourseLine } from '../cart/pricing/index.ts';
import { billingAddressColumns } from '../customer/billing-address.ts';
import { hashToken, newToken } from '../customer/secrets.ts';
import {
  type PaymentProvider,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
} from '../payment-provider/provider.ts';
import { balanceTypeOfCourse, balanceTypeOfPackage } from './balance-types.ts';
import { cancelPendingOrder } from './cancel.ts';
import { queueOrderPaidNotice } from '../school-notices/notices.ts';
import { queueOrderConfirmation } from './confirmation.ts';
import { creditPackages, spendStoredCredits } from './credits.ts';
import { nextOrderNumber } from './order-number.ts';
import { paymentLinesOf } from './payment-lines.ts';
import { takePlaces } from '../catalog/places.ts';
import { PriceChangedError, priceChanges } from './price-check.ts';
import { readOrder } from './read.ts';
import { mailboxKey } from '../customer/mailbox.ts';
import { admitUnpaidHold, defaultUnpaidHoldPlaces, type HoldKeys, recordUnpaidHold } from './unpaid-holds.ts';
import { claimOffer } from '../waitlist/offers.ts';

/** Places or appointments changed since the cart was priced: nothing was created (409 with the adjustments). */
export class PlacesChangedError extends Error {
  constructor(readonly quantityAdjustments: QuantityAdjustment[]) {
    super('Places or appointments changed since the cart was priced');
  }
}

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
 * POST /cart/submit: prices the order again with the cart's pricing module, then in three steps, so that no HTTP
 * call to the payment provider runs inside a database transaction (on SQLite that would stall every other write):
 * 1. one transaction creates the order with its number, billing address, bookings with one participant per place,
 *    product orders, package top-ups, spent credits and discount-code redemptions, and its hold. Places are taken
 *    with one conditional write per course; when they (or anything priced) changed since the cart was priced, it
 *    rolls back and a PlacesChangedError carries the adjustments; when the total or an applied code is not what
 *    the buyer was shown, a PriceChangedError carries the fresh price. An order with nothing to pay is complete here.
 * 2. the provider creates the payment (with the shop's timeout);
 * 3. a second transaction records the payment.
 * When step 2 fails, the order is cancelled, releasing what it took, and removed; PaymentProviderUnavailableError
 * then tells the buyer to try again (docs/decisions/0002-mollie-payments.md).
 */
export async function submitOrder(
  db: Kysely<Database>,
  {
    request,
    customer,
    now,
    provider,
    offeredMethods,
    paymentHoldSeconds,
    clientKey,
    unpaidHoldPlaces = defaultUnpaidHoldPlaces,
  }: SubmitInput,
): Promise<SubmittedOrder> {
  // The route refused a guest's order without an address (400); a fixture always names one.
  const email = orderEmailOf(request, customer?.email ?? null);
  if (email === null) throw new Error('An order needs the address it is placed with');
  const holdKeys: HoldKeys | undefined =
    clientKey === undefined ? undefined : { clientKey, inbox: mailboxKey(normalizeEmail(email)) };
  // The order request's schema ran the price request's rules on its positions: no second parse.
  const priceRequest = priceRequestOfOrder(request);

  const order = await db.transaction().execute(async (trx) => {
    await lockCodesAndBalances(trx, request.discountCodes, customer?.id ?? null);
    // Priced under the code lock with the buyer's address, so once-per-customer codes count this address's orders.
    const priced = await priceCart(trx, priceRequest, {
      customerId: customer?.id ?? null,
      email,
      now,
      offeredMethods,
    });
    if (priced.calculation.adjustments.length > 0) throw new PlacesChangedError(priced.calculation.adjustments);
    // Charged only at the total the buyer was shown, with every code they saw applied.
    const changes = priceChanges(request.expectedTotalPrice, priced);
    if (changes.length > 0)
      throw new PriceChangedError(priced.result, changes, unknownCodes(priceRequest.discountCodes, priced.facts));
    const { totalCents } = priced.calculation;
    const method = totalCents > 0 ? request.selectedPaymentMethod : undefined;
    if (totalCents > 0 && (!method || !priced.result.paymentMethods.some((m) => m.id === method))) {
      throw new AppError(
        400,
        OrderErrorCode.paymentMethodRequired,
        'A payment method offered for this order is required',
        { selectedPaymentMethod: 'required' },
      );
    }

    // An order to be paid holds what it takes: one client may have only so many such orders open at once, and one
    // client and one inbox only so many places in them.
    const courseLines = priced.calculation.lines.filter((line): line is PricedCourseLine => line.itemType === 'course');
    const places = courseLines.reduce((total, line) => total + line.quantity, 0);
    if (totalCents > 0 && holdKeys !== undefined)
      await admitUnpaidHold(trx, holdKeys, { places, placesCap: unpaidHoldPlaces }, now);

    // Places first, in course id order (one lock order for every submit: no deadlocks on PostgreSQL). A waitlist
    // offer the buyer holds is used up here and gives its held place to this order.
    await requireEarlyStartRequest(
      trx,
      courseLines.map((line) => line.courseId),
      request.earlyStartRequested,
      now,
    );
    const byCourseId = [...courseLines].sort((a, b) => a.courseId - b.courseId);
    const held = new Set<number>();
    const claimedOffers: ClaimedOffer[] = [];
    for (const line of byCourseId) {
      const offerToken = requestedCourse(request, line).offerToken;
      if (offerToken && (await claimOffer(trx, line.courseId, offerToken, now))) {
        held.add(line.courseId);
        claimedOffers.push({ courseId: line.courseId, offerToken });
      }
    }
    for (const line of byCourseId) {
      const fromCourse = line.quantity - (held.has(line.courseId) ? 1 : 0);
      if (!(await takePlaces(trx, line.courseId, fromCourse, { onSaleOnly: true }))) throw new PlacesChangedError([]);
    }

    const incrementId = await nextOrderNumber(trx);
    // For the buying browser only: the confirmation's price list needs it (state.ts).
    const orderKey = newToken();
    const paid = totalCents === 0;
    const holdExpiresAt = new Date(now.getTime() + paymentHoldSeconds * 1000);
    const inserted = await trx
      .insertInto('shop_order')
      .values({
        increment_id: incrementId,
        customer_id: customer?.id ?? null,
        email,
        status: paid ? 'paid' : 'payment_pending',
        total_price_cents: totalCents,
        comment: request.comment === '' ? null : request.comment,
        locale: request.locale,
        created_at: now.toISOString(),
        timezone: request.timezone,
        marketing_opt_in: request.marketingOptIn ? 1 : 0,
        payment_method: method ?? null,
        hold_expires_at: paid ? null : holdExpiresAt.toISOString(),
        early_start_requested_at: request.earlyStartRequested ? now.toISOString() : null,
        access_key_hash: hashToken(orderKey),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderId = inserted.id;
    if (!paid && holdKeys !== undefined)
      await recordUnpaidHold(trx, { orderId, keys: holdKeys, places, holdExpiresAt });
    const address = request.billingAddress;
    await trx
      .insertInto('order_billing_address')
      .values({
        order_id: orderId,
        ...billingAddressColumns(address),
        phone: address.phone || null,
        birth_year: address.birthYear || null,
      })
      .execute();

    await writePositions(trx, { orderId, request, priced });
    await spendCredits(trx, { orderId, customerId: customer?.id ?? null, priced, now });
    await redeemCodes(trx, { orderId, customerId: customer?.id ?? null, email, priced, now });
    if (paid) {
      await creditPackages(trx, { orderId, customerId: customer?.id ?? null, now });
      await queueOrderConfirmation(trx, orderId, now);
      await queueOrderPaidNotice(trx, orderId, now);
    }
    return {
      orderId,
      incrementId,
      orderKey,
      totalCents,
      method,
      holdExpiresAt,
      paid,
      placesChanged: courseLines.length > 0,
      claimedOffers,
    };
  });

  const { orderId, incrementId, orderKey, paid, placesChanged } = order;
  if (paid) return { orderId, incrementId, orderKey, paymentLink: null, email, paid, placesChanged };

  let payment: { id: string; paymentLink: string };
  try {
    const placed = await readOrder({ kysely: db }, orderId);
    payment = await provider.createPayment({
      amountCents: order.totalCents,
      reference: incrementId,
      orderId,
      email,
      billingAddress: request.billingAddress,
      lines: paymentLinesOf(placed!, request.locale),
      locale: request.locale,
      expiresAt: order.holdExpiresAt,
      method: order.method!,
    });
  } catch (error) {
    await undoPlacedOrder(db, orderId, order.claimedOffers);
    if (error instanceof PaymentProviderUnavailableError || error instanceof PaymentRefusedError)
      throw new SubmitUndoneError(incrementId, placesChanged, error);
    throw error;
  }
  await db
    .insertInto('payment')
    .values({
      order_id: orderId,
      provider: provider.name,
      method: order.method!,
      transaction_id: payment.id,
      status: 'pending',
      payment_link: payment.paymentLink,
      amount_cents: order.totalCents,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  return { orderId, incrementId, orderKey, paymentLink: payment.paymentLink, email, paid, placesChanged };
}

/** The provider could not take the payment: the placed order was undone (not a withdrawal); nothing held. */
export class SubmitUndoneError extends Error {
  /** The provider refused these details (choose another method), rather than failing (try again). */
  readonly refused: boolean;
  constructor(
    readonly incrementId: string,
    /** Places were taken and given back: cached course searches may have seen them taken. */
    readonly placesChanged: boolean,
    cause: PaymentProviderUnavailableError | PaymentRefusedError,
  ) {
    super(`Order ${incrementId} undone: ${cause.message}`, { cause });
    this.name = 'SubmitUndoneError';
    this.refused = cause instanceof PaymentRefusedError;
  }
}

/** A waitlist offer an order used for one of its places. */
interface ClaimedOffer {
  courseId: number;
  offerToken: string;
}

/**
 * Undoes step 1 of a submit whose payment could not be created: cancels the order (places, appointments, credits
 * and code redemptions go back, only while it is still pending, so a sweep that got there first is not repeated)
 * and deletes it with its positions. Its number stays unused: order numbers may have gaps. A waitlist offer the
 * order used is the buyer's again, with its place held for them as before: the buyer could not pay through no
 * fault of theirs and is told to try again, so the offered place must neither go to the next buyer nor be lost
 * to the offer's holder (an offer whose time ran out meanwhile ends with the waitlist's next run).
 */
async function undoPlacedOrder(db: Kysely<Database>, orderId: number, claimedOffers: ClaimedOffer[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The reason hardly matters: the order is removed right after, once what it held is released.
    if (!(await cancelPendingOrder(trx, orderId, 'payment_failed'))) return;
    for (const { courseId, offerToken } of claimedOffers) {
      const reopened = await trx
        .updateTable('waitlist_entry')
        .set({ status: 'offered', ended_at: null })
        .where('offer_token_hash', '=', hashToken(offerToken))
        .where('course_id', '=', courseId)
        .where('status', '=', 'claimed')
        .executeTakeFirst();
      // The order's places were all given back just now, in this transaction: the offer's one is still free.
      if (reopened.numUpdatedRows === 1n) await takePlaces(trx, courseId, 1);
    }
    await trx.deleteFrom('shop_order').where('id', '=', orderId).where('status', '=', 'cancelled').execute();
  });
}

/**
 * A course that starts before the withdrawal period of this contract would end may only be ordered with the
 * consumer's express request to begin early (the form asks; this holds for any client). docs/withdrawal-rules.md
 */
async function requireEarlyStartRequest(
  trx: Kysely<Database>,
  courseIds: number[],
  requested: boolean,
  now: Date,
): Promise<void> {
  if (requested || courseIds.length === 0) return;
  const courses = await trx.selectFrom('course').select('start_date').where('id', 'in', courseIds).execute();
  if (
    needsEarlyStartRequest(
      courses.map((course) => course.start_date),
      contractDateOf(now),
    )
  ) {
    throw new AppError(400, ErrorCode.validation, 'Invalid body', { earlyStartRequested: earlyStartRequiredCode });
  }
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

async function writePositions(
  trx: Kysely<Database>,
  { orderId, request, priced }: { orderId: number; request: ParsedOrderRequest; priced: PricedCart },
) {
  for (const line of priced.calculation.lines) {
    if (line.itemType === 'course') {
      const booking = await trx
        .insertInto('course_booking')
        .values({
          order_id: orderId,
          course_id: line.courseId,
          quantity: line.quantity,
          total_price_cents: line.finalCents,
          discount_cents: line.discountCents,
          unit_price_cents: line.unitPriceCents,
          credits_applied: line.appliedCredits,
          discount_codes: line.discountCodes.join(','),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { participants } = requestedCourse(request, line);
      await trx
        .insertInto('course_booking_participant')
        .values(
          participants.map((p) => ({
            course_booking_id: booking.id,
            firstname: p.firstname,
            lastname: p.lastname,
            email: p.email,
            phone: p.phone || null,
            birth_year: p.birthYear || null,
          })),
        )
        .execute();
    } else if (line.itemType === 'product') {
      await trx
        .insertInto('product_order')
        .values({
          order_id: orderId,
          product_id: line.productId,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
          discount_cents: line.discountCents,
          discount_codes: line.discountCodes.join(','),
        })
        .execute();
    } else {
      await trx
        .insertInto('customer_balance_transaction')
        .values({
          order_id: orderId,
          type_id: balanceTypeOfPackage[line.packageType],
          amount: line.amount,
          quantity: line.quantity,
          total_price_cents: line.finalCents,
          unit_price_cents: line.unitPriceCents,
          discount_cents: line.discountCents,
          discount_codes: line.discountCodes.join(','),
        })
        .execute();
    }
  }
}

/**
 * Spends the credits the pricing applied: stored balances first; what they do not cover comes from packages
 * bought with this order, which are then credited short by that much when paid.
 */
async function spendCredits(
  trx: Kysely<Database>,
  { orderId, customerId, priced, now }: { orderId: number; customerId: number | null; priced: PricedCart; now: Date },
) {
  if (customerId === null) return;
  const wanted = new Map<number, number>();
  for (const line of priced.calculation.lines) {
    const typeId = line.itemType === 'course' ? balanceTypeOfCourse(line.courseType) : null;
    if (typeId !== null && line.appliedCredits > 0) wanted.set(typeId, (wanted.get(typeId) ?? 0) + line.appliedCredits);
  }
  for (const [typeId, amount] of wanted) {
    const fromStored = await spendStoredCredits(trx, { customerId, typeId, amount, orderId, now });
    let fromCart = amount - fromStored;
    const purchases = await trx
      .selectFrom('customer_balance_transaction')
      .select(['id', 'amount', 'quantity'])
      .where('order_id', '=', orderId)
      .where('type_id', '=', typeId)
      .orderBy('id')
      .execute();
    for (const purchase of purchases) {
      const use = Math.min(fromCart, purchase.amount * purchase.quantity);
      if (use > 0)
        await trx
          .updateTable('customer_balance_transaction')
          .set({ used_in_order: use })
          .where('id', '=', purchase.id)
          .execute();
      fromCart -= use;
    }
    // The pricing read the balances under the same lock, so they always cover what it applied.
    if (fromCart > 0) throw new Error(`Credits of type ${typeId} short by ${fromCart}`);
  }
}

/**
 * One redemption per applied code and order (unique in the database), counted against its limits from now on;
 * with the order's address and its inbox, so once-per-customer limits also count it for that inbox.
 */
async function redeemCodes(
  trx: Kysely<Database>,
  {
    orderId,
    customerId,
    email,
    priced,
    now,
  }: { orderId: number; customerId: number | null; email: string; priced: PricedCart; now: Date },
) {
  const applied = priced.calculation.codes.filter((code) => code.rejection === null);
  if (applied.length === 0) return;
  const rows = await trx
    .selectFrom('discount_code')
    .select(['id', 'code'])
    .where(
      'code',
      'in',
      applied.map((code) => code.code),
    )
    .execute();
  const amountOf = new Map(applied.map((code) => [code.code, code.discountCents]));
  await trx
    .insertInto('discount_code_usage')
    .values(
      rows.map((row) => ({
        discount_cents: amountOf.get(row.code) ?? 0,
        discount_code_id: row.id,
        customer_id: customerId,
        order_id: orderId,
        email: normalizeEmail(email),
        inbox: mailboxKey(normalizeEmail(email)),
        used_at: now.toISOString(),
      })),
    )
    .execute();
}

/** The requested course a priced course line stands for (the same identity: pricing keeps every course it prices). */
function requestedCourse(request: ParsedOrderRequest, line: PricedCourseLine): ParsedOrderRequest['courses'][number] {
  const key = itemKey(line);
  const course = request.courses.find((c) => itemKey({ itemType: 'course', courseId: c.courseId }) === key);
  if (!course) throw new Error(`No requested course for ${key}`);
  return course;
}
