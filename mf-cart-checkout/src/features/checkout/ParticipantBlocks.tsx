import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { cartItemName, type CartItem, type CheckoutForm } from '@shop/shared';
import { blankParticipant } from './orderRequest.ts';
import { Checkbox, TextInput } from './fields.tsx';

/**
 * One block per booked place (docs/product-rules.md#screens), under its course. A place follows the billing person unless "different
 * person" is on; switching it on starts that participant empty (docs/product-rules.md#states), switching it off forgets
 * what was typed for it.
 */
export function ParticipantBlocks({ form, items }: { form: UseFormReturn<CheckoutForm>; items: readonly CartItem[] }) {
  const { t, i18n } = useTranslation();
  const courses = useWatch({ control: form.control, name: 'courses' }) ?? [];
  return (
    <>
      {courses.map((course, c) => {
        const item = items.find((i) => i.itemType === 'course' && i.courseId === course.courseId);
        const title = item ? cartItemName(item, i18n.resolvedLanguage ?? 'de') : '';
        return (
          <fieldset className="checkout-section" key={course.courseId}>
            <legend>{t('cartCheckout.checkout.participants.title', { course: title })}</legend>
            {course.participants.map((participant, p) => {
              const base = `courses.${c}.participants.${p}` as const;
              const different = form.register(`${base}.different`);
              return (
                <div
                  className="checkout-participant"
                  key={p}
                  role="group"
                  aria-label={t('cartCheckout.checkout.participants.place', { number: p + 1, course: title })}
                >
                  {/* h2: the page's next level after its h1 (a legend is no heading; axe heading-order). */}
                  <h2>{t('cartCheckout.checkout.participants.place', { number: p + 1, course: title })}</h2>
                  <Checkbox
                    form={form}
                    name={`${base}.different`}
                    label={t('cartCheckout.checkout.participants.different')}
                    onChange={(event) => {
                      void different.onChange(event);
                      // Either way the place starts afresh: switched on, empty for the other person; switched off, it
                      // follows the billing person, and what was typed for it (hidden now) must not keep the form
                      // from being sent, as an invalid phone or birth year out of sight would.
                      form.setValue(base, { ...blankParticipant(), different: event.target.checked });
                      form.clearErrors(base);
                    }}
                  />
                  {participant.different ? (
                    <div className="checkout-grid">
                      <TextInput
                        form={form}
                        name={`${base}.firstname`}
                        label={t('cartCheckout.checkout.billing.firstname')}
                        required
                      />
                      <TextInput
                        form={form}
                        name={`${base}.lastname`}
                        label={t('cartCheckout.checkout.billing.lastname')}
                        required
                      />
                      <TextInput
                        form={form}
                        name={`${base}.email`}
                        label={t('cartCheckout.checkout.participants.email')}
                        type="email"
                        required
                      />
                      <TextInput
                        form={form}
                        name={`${base}.phone`}
                        label={t('cartCheckout.checkout.billing.phone')}
                        type="tel"
                      />
                      <TextInput
                        form={form}
                        name={`${base}.birthYear`}
                        label={t('cartCheckout.checkout.billing.birthYear')}
                        inputMode="numeric"
                        maxLength={4}
                      />
                    </div>
                  ) : (
                    <p className="checkout-hint">{t('cartCheckout.checkout.participants.sameAsBilling')}</p>
                  )}
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </>
  );
}
