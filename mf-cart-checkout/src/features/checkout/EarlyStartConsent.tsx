import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractDateOf, needsEarlyStartRequest, pickText, type CartItem, type CheckoutForm } from '@shop/shared';
import { Checkbox } from './fields.tsx';

/** The cart's courses that would begin before the withdrawal period of an order concluded today ends. */
export function earlyStartCourses(items: readonly CartItem[], now = new Date()) {
  const today = contractDateOf(now);
  return items.flatMap((item) =>
    item.itemType === 'course' && needsEarlyStartRequest([item.courseDetails.startDate], today) ? [item] : [],
  );
}

/**
 * The consumer's express request that courses begin before the withdrawal period ends, with what that means for
 * a withdrawal (docs/withdrawal-rules.md). Shown only when a course of the cart starts that early; the form
 * (and the server) refuse such an order without it, and the text says why.
 */
export function EarlyStartConsent({ form, items }: { form: UseFormReturn<CheckoutForm>; items: readonly CartItem[] }) {
  const { t, i18n } = useTranslation();
  const courses = earlyStartCourses(items);
  const needed = courses.length > 0;
  useEffect(() => {
    form.setValue('earlyStartNeeded', needed);
  }, [needed, form]);
  if (!needed) return null;
  return (
    <fieldset className="checkout-section">
      <legend>{t('cartCheckout.checkout.earlyStart.title')}</legend>
      <p>
        {t('cartCheckout.checkout.earlyStart.why', {
          courses: courses.map((item) => pickText(item.courseDetails.titles, i18n.language)).join(', '),
        })}
      </p>
      <Checkbox form={form} name="earlyStartRequested" required label={t('cartCheckout.checkout.earlyStart.request')} />
      <p className="checkout-hint">{t('cartCheckout.checkout.earlyStart.notice')}</p>
    </fieldset>
  );
}
