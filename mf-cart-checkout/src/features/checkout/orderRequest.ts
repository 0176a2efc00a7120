import { toPriceRequest, type CartItem, type CheckoutForm, type CheckoutParticipantForm, type Language, type OrderRequest } from '@shop/shared';

export const blankParticipant = (): CheckoutParticipantForm => ({ different: false, firstname: '', lastname: '', email: '', phone: '', birthYear: '' });

/** Spec §4: participant lists follow the course quantity, extended with blanks or trimmed. */
export function resizeParticipants(participants: readonly CheckoutParticipantForm[], quantity: number): CheckoutParticipantForm[] {
  return Array.from({ length: quantity }, (_, index) => participants[index] ?? blankParticipant());
}

/** The participant blocks for the cart's courses, keeping what was typed for courses still there. */
export function participantsForCart(items: readonly CartItem[], current: CheckoutForm['courses']): CheckoutForm['courses'] {
  return items.flatMap((item) => {
    if (item.itemType !== 'course') return [];
    const existing = current.find((course) => course.courseId === item.courseId)?.participants ?? [];
    return [{ courseId: item.courseId, participants: resizeParticipants(existing, item.quantity) }];
  });
}

export interface OrderContext {
  items: readonly CartItem[];
  discountCodes: readonly string[];
  locale: Language;
  applePayAvailable: boolean;
  timezone: string;
  /** Whether the price has something to pay (methods are sent only then, spec §3). */
  totalAboveZero: boolean;
  isGuest: boolean;
}

/**
 * The order request of spec §3 from the form: the cart's positions (never a price), one participant per place
 * (those not flagged as different take the billing person's name and the contact e-mail, spec §4), the payment
 * method only when something is to be paid, and the e-mail only for guests.
 */
export function toOrderRequest(values: CheckoutForm, context: OrderContext): OrderRequest {
  const price = toPriceRequest(context.items, context.discountCodes, context.locale, context.applePayAvailable);
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
            : { firstname: billing.firstname, lastname: billing.lastname, email: values.email, phone: billing.phone ?? '', birthYear: billing.birthYear ?? '' },
        ),
      };
    }),
    billingAddress: billing,
    comment: values.comment ?? '',
    marketingOptIn: values.marketingOptIn,
    timezone: context.timezone,
    ...(context.totalAboveZero && values.selectedPaymentMethod ? { selectedPaymentMethod: values.selectedPaymentMethod as OrderRequest['selectedPaymentMethod'] } : {}),
    ...(context.isGuest ? { emailAddress: values.email } : {}),
  };
}
