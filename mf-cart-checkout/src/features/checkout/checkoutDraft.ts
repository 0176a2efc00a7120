import { countries, customerDataKey, readStorage, writeStorage, type CheckoutForm } from '@shop/shared';
import { blankParticipant } from './orderRequest.ts';

/**
 * What the buyer typed into the checkout, kept for this tab (docs/product-rules.md#screens Checkout): when the
 * server's adjustments empty the cart, the checkout sends the buyer to the cart to read why, and coming back with a
 * new course finds the form as it was. Only typed data (contact e-mail, billing address, participants, notes);
 * consents, the marketing opt-in and the payment method are given anew for each order, and the form holds no
 * passwords or payment data. sessionStorage: gone with the tab (it survives the trip to the payment provider and
 * back), forgotten once the confirmation page shows the order paid, so a failed payment finds the form as typed.
 * It is the customer's data (`customerDataKey`): a logout, or another customer's login in this tab, forgets it, so
 * the next person at a shared computer does not find the last one's address and participants.
 */
export const checkoutDraftKey = customerDataKey('checkoutDraft');

export type CheckoutDraft = Pick<CheckoutForm, 'email' | 'billingAddress' | 'courses' | 'comment'>;

export function saveCheckoutDraft(values: CheckoutDraft): void {
  const draft: CheckoutDraft = {
    email: values.email,
    billingAddress: values.billingAddress,
    courses: values.courses,
    comment: values.comment,
  };
  // Storage failures are only logged (writeStorage, docs/product-rules.md#errors): a draft is a convenience.
  writeStorage('session', checkoutDraftKey, JSON.stringify(draft));
}

export function forgetCheckoutDraft(): void {
  writeStorage('session', checkoutDraftKey, null);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** `template` with each of its fields that `value` holds with the same type. */
function fit<T extends object>(template: T, value: unknown): T {
  const source = record(value);
  const result = { ...template };
  for (const key of Object.keys(template) as (keyof T & string)[])
    if (typeof source[key] === typeof template[key]) result[key] = source[key] as T[typeof key];
  return result;
}

/**
 * The form's starting values: `empty` with what a draft of this tab holds. Read leniently, value by value (a draft
 * is unfinished by nature, and one of an older build may lack or mistype fields): whatever does not fit is left
 * empty, and the form's own validation still runs at submit.
 */
export function withCheckoutDraft(empty: CheckoutForm): { values: CheckoutForm; draft: CheckoutDraft | null } {
  let raw: unknown;
  try {
    raw = JSON.parse(readStorage('session', checkoutDraftKey) ?? 'null');
  } catch {
    raw = null;
  }
  if (!raw || typeof raw !== 'object') return { values: empty, draft: null };
  const draft = record(raw);
  const billingAddress = fit(empty.billingAddress, draft.billingAddress);
  if (!(countries as readonly string[]).includes(billingAddress.country ?? ''))
    billingAddress.country = empty.billingAddress.country;
  const courses = (Array.isArray(draft.courses) ? draft.courses : []).flatMap((entry: unknown) => {
    const course = record(entry);
    if (typeof course.courseId !== 'number' || !Array.isArray(course.participants)) return [];
    const participants = course.participants.map((value: unknown) => fit(blankParticipant(), value));
    return [{ courseId: course.courseId, participants }];
  });
  const restored: CheckoutDraft = {
    email: text(draft.email) ?? empty.email,
    billingAddress,
    courses,
    comment: text(draft.comment) ?? empty.comment,
  };
  return { values: { ...empty, ...restored }, draft: restored };
}
