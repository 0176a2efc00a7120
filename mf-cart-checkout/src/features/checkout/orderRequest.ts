import {
  type CartItem,
  type CheckoutForm,
  type CheckoutParticipantForm,
  type Language,
  type OrderRequest,
  type PriceResult,
} from '@shop/shared';
import { appliedDiscountCodes } from '../pricing/cartPrice.ts';
import { toPriceRequest } from '../pricing/cartPricing.ts';

export const blankParticipant = (): CheckoutParticipantForm => ({
  different: false,
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  birthYear: '',
});

/** docs/product-rules.md#states: participant lists follow the course quantity, extended with blanks or trimmed. */
export function resizeParticipants(
  participants: readonly CheckoutParticipantForm[],
  quantity: number,
): CheckoutParticipantForm[] {
  return Array.from({ length: quantity }, (_, index) => participants[index] ?? blankParticipant());
}

/** The participant blocks for the cart's courses, keeping what was typed for courses still there. */
export function participantsForCart(
  items: readonly CartItem[],
  current: CheckoutForm['courses'],
): CheckoutForm['courses'] {
  return items.flatMap((item) => {
    if (item.itemType !== 'course') return [];
    const existing = current.find((course) => course.courseId === item.courseId)?.participants ?? [];
    return [{ courseId: item.courseId, participants: resizeParticipants(existing, item.quantity) }];
  });
}

export interface OrderContext {
  items: readonly CartItem[];
  /** The price the buyer is shown: the order names its applied codes and expects its total. */
  shown: PriceResult;
  locale: Language;
  applePayAvailable: boolean;
  timezone: string;
  isGuest: boolean;
}

/**
 * The order request of docs/product-rules.md#data from the form: the cart's positions (never a price to charge, only the total the
 * buyer is shown, which the server must match, with the codes that total applied), one participant per place
 * (those not flagged as different take the billing person's name and the contact e-mail, docs/product-rules.md#states), the payment
 * method only when something is to be paid, and the e-mail only for guests.
 */
export function toOrderRequest(values: CheckoutForm, context: OrderContext): OrderRequest {
  const price = toPriceRequest(
    context.items,
    appliedDiscountCodes(context.shown),
    context.locale,
    context.applePayAvailable,
  );
  const billing = values.billingAddress;
  return {
    ...price,
    courses: (price.courses ?? []).map((course) => {
      const participants = values.courses.find((c) => c.courseId === course.courseId)?.participants ?? [];
      return {
        ...course,
        participants: resizeParticipants(participants, course.quantity).map(({ different, ...p }) =>
          different
            ? p
            : {
                firstname: billing.firstname,
                lastname: billing.lastname,
                email: values.email,
                phone: billing.phone ?? '',
                birthYear: billing.birthYear ?? '',
              },
        ),
      };
    }),
    expectedTotalPrice: context.shown.totalPrice,
    billingAddress: billing,
    comment: values.comment ?? '',
    marketingOptIn: values.marketingOptIn,
    // Only where the form asked for it: a request the cart no longer needs is not made.
    earlyStartRequested: Boolean(values.earlyStartNeeded && values.earlyStartRequested),
    timezone: context.timezone,
    ...(context.shown.totalPrice > 0 && values.selectedPaymentMethod
      ? { selectedPaymentMethod: values.selectedPaymentMethod as OrderRequest['selectedPaymentMethod'] }
      : {}),
    ...(context.isGuest ? { emailAddress: values.email } : {}),
  };
}
