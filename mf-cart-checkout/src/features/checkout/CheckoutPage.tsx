import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import {
  Button,
  checkoutFormSchema,
  defaultCountry,
  fetchBillingAddress,
  newCartItemId,
  orderCommentMaxLength,
  selectIsLoggedIn,
  trackBeginCheckout,
  useAuthStore,
  useCartNotificationStore,
  useCartPriceStore,
  useCartStore,
  useCustomerStore,
  type CheckoutForm,
} from '@shop/shared';
import { AdjustmentNotices } from '../cart/AdjustmentNotices.tsx';
import { DiscountCodeBox } from '../pricing/DiscountCodeBox.tsx';
import { pricingCss } from '../pricing/pricing.css.ts';
import { PriceStatus } from '../pricing/PriceStatus.tsx';
import { useCartPricing } from '../pricing/useCartPricing.ts';
import { BillingFields } from './BillingFields.tsx';
import { checkoutCss } from './checkout.css.ts';
import { saveCheckoutDraft, withCheckoutDraft } from './checkoutDraft.ts';
import { termsUrl, privacyUrl, cancellationUrl } from './links.ts';
import { EarlyStartConsent } from './EarlyStartConsent.tsx';
import { Checkbox, TextInput, useError } from './fields.tsx';
import { participantsForCart } from './orderRequest.ts';
import { ParticipantBlocks } from './ParticipantBlocks.tsx';
import { OrderLines, OrderReview } from './OrderReview.tsx';
import { PaymentMethods } from './PaymentMethods.tsx';
import { PriceChangeNotice } from './PriceChangeNotice.tsx';
import { SubmitNotice } from './SubmitNotice.tsx';
import { useCheckoutSubmit } from './useCheckoutSubmit.ts';
import { useWaitingOrder, WaitingOrderPanel } from './WaitingOrder.tsx';

const emptyForm: CheckoutForm = {
  email: '',
  marketingOptIn: false,
  billingAddress: {
    firstname: '',
    lastname: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    zip: '',
    country: defaultCountry,
    phone: '',
    birthYear: '',
  },
  courses: [],
  comment: '',
  selectedPaymentMethod: '',
  acceptTerms: false,
  acceptCancellationPolicy: false,
  earlyStartNeeded: false,
  earlyStartRequested: false,
};

/** /checkout (docs/product-rules.md#screens Checkout, #states Checkout submit, #validation). */
export function CheckoutPage() {
  const { t } = useTranslation();
  // First: back from the payment page, a waiting order's cart comes back before the empty-cart check below.
  const waitingOrder = useWaitingOrder();
  const items = useCartStore((state) => state.items);
  const { priceResult, status: priceStatus } = useCartPricing();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const customer = useCustomerStore((state) => state.customer);
  const { submit, submitting, done, priceChange, providerProblem, failure } = useCheckoutSubmit();
  // Adjustments that just removed lines explain an emptied cart; the cart page shows them (see the redirect below).
  const adjusted = useCartNotificationStore((state) => state.notifications.length > 0);
  // What the buyer typed earlier in this tab comes back (checkoutDraft.ts, docs/product-rules.md#screens Checkout).
  const [start] = useState(() => withCheckoutDraft(emptyForm));
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: start.values,
    mode: 'onTouched',
  });
  useEffect(() => {
    const subscription = form.watch((values) => {
      // Not once the order is placed, nor while the cart empties (its participants would go with it).
      if (done.current || useCartStore.getState().items.length === 0) return;
      saveCheckoutDraft(values as CheckoutForm);
    });
    return () => subscription.unsubscribe();
  }, [form, done]);
  const commentId = 'checkout-comment';
  const commentError = useError(form, 'comment');
  const comment = useWatch({ control: form.control, name: 'comment' }) ?? '';

  // Participants follow the courses and their quantities (docs/product-rules.md#states).
  useEffect(() => {
    form.setValue('courses', participantsForCart(items, form.getValues('courses')));
  }, [items, form]);

  // A customer's e-mail is fixed; newsletter, phone and birth year start from the profile, the address from the saved one.
  useEffect(() => {
    if (!loggedIn) return;
    void useCustomerStore.getState().load();
    let active = true;
    fetchBillingAddress()
      .then((address) => {
        if (!active || !address) return;
        for (const [key, value] of Object.entries(address)) {
          const name = `billingAddress.${key}` as 'billingAddress.firstname';
          // What the buyer typed, now or in the draft, wins over the saved address.
          if (!form.getFieldState(name).isDirty && !start.draft?.billingAddress[key as 'firstname'])
            form.setValue(name, value ?? '');
        }
      })
      .catch((error: unknown) => console.error('Billing address could not be loaded', error));
    return () => {
      active = false;
    };
  }, [loggedIn, form, start]);
  useEffect(() => {
    if (!customer) return;
    form.setValue('email', customer.email);
    if (!form.getFieldState('marketingOptIn').isDirty)
      form.setValue('marketingOptIn', customer.isSubscribedToNewsletter === 1);
    for (const [field, value] of [
      ['firstname', customer.firstname],
      ['lastname', customer.lastname],
      ['phone', customer.phone],
      ['birthYear', customer.birthYear],
    ] as const) {
      const name = `billingAddress.${field}` as const;
      if (!form.getValues(name) && value) form.setValue(name, value);
    }
  }, [customer, form]);

  // The first payment method is chosen when something is to be paid and none is (docs/product-rules.md#states).
  const methods = priceResult?.paymentMethods ?? [];
  useEffect(() => {
    const chosen = form.getValues('selectedPaymentMethod');
    if ((priceResult?.totalPrice ?? 0) > 0 && methods.length > 0 && !methods.some((m) => m.id === chosen))
      form.setValue('selectedPaymentMethod', methods[0]!.id);
  }, [priceResult, methods, form]);

  // begin_checkout once, when the first price arrives (docs/product-rules.md#states): the checkout's own, not a price
  // still in the store from an earlier screen (perhaps of the cart before a change). Read from the store, which the
  // pricing started in an effect before this one has already marked 'loading'.
  const [checkoutId] = useState(newCartItemId);
  const began = useRef(false);
  useEffect(() => {
    if (!priceResult || began.current || useCartPriceStore.getState().status !== 'ready') return;
    began.current = true;
    trackBeginCheckout(useCartStore.getState().items, {
      transactionId: checkoutId,
      coupons: useCartStore.getState().discountCodes,
      value: priceResult.totalPrice,
    });
  }, [priceResult, priceStatus, checkoutId]);

  // An empty cart has nothing to check out (docs/product-rules.md#screens), unless it was just emptied by the order
  // itself. Redirected as it renders, so the empty form is never painted first. Emptied by the server's adjustments
  // (last course full or past its deadline), the buyer goes to the cart, where their notices say why; the draft keeps
  // the form for a return.
  if (items.length === 0 && !done.current) return <Navigate to={adjusted ? '/cart' : '/'} replace />;

  return (
    <section className="shop-page checkout-page">
      <style href="checkout-page" precedence="default">
        {checkoutCss}
      </style>
      <style href="cart-pricing" precedence="default">
        {pricingCss}
      </style>
      <h1>{t('cartCheckout.checkout.title')}</h1>
      <WaitingOrderPanel waiting={waitingOrder} />
      <AdjustmentNotices takeFocus />
      <div className="checkout-layout">
        <form noValidate onSubmit={form.handleSubmit(submit)} aria-busy={submitting} className="checkout-form">
          <fieldset className="checkout-section">
            <legend>{t('cartCheckout.checkout.contact.title')}</legend>
            <TextInput
              form={form}
              name="email"
              type="email"
              autoComplete="email"
              label={t('cartCheckout.checkout.contact.email')}
              required={!customer}
              readOnly={Boolean(customer)}
              // The login is offered to guests only, not to a customer whose account is still being read (or could
              // not be): the spec's "otherwise" is "not logged in".
              hint={
                customer ? (
                  t('cartCheckout.checkout.contact.locked')
                ) : loggedIn ? undefined : (
                  <Trans
                    i18nKey="cartCheckout.checkout.contact.loginHint"
                    components={{ login: <Link to="/login?redirect=/checkout" /> }}
                  />
                )
              }
            />
            <Checkbox form={form} name="marketingOptIn" label={t('cartCheckout.checkout.contact.marketing')} />
          </fieldset>

          <BillingFields form={form} />
          <ParticipantBlocks form={form} items={items} />

          <div className="checkout-section shop-field">
            <label htmlFor={commentId}>{t('cartCheckout.checkout.comment.label')}</label>
            <textarea
              id={commentId}
              rows={4}
              maxLength={orderCommentMaxLength}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={`${commentId}-count${commentError ? ` ${commentId}-error` : ''}`}
              {...form.register('comment')}
            />
            <span id={`${commentId}-count`} className="checkout-hint">
              {t('cartCheckout.checkout.comment.count', { count: comment.length, max: orderCommentMaxLength })}
            </span>
            {commentError ? (
              <span id={`${commentId}-error`} className="shop-field__error">
                {commentError}
              </span>
            ) : null}
          </div>

          {(priceResult?.totalPrice ?? 0) > 0 ? <PaymentMethods form={form} methods={methods} /> : null}

          <fieldset className="checkout-section">
            <legend>{t('cartCheckout.checkout.consents.title')}</legend>
            <Checkbox
              form={form}
              name="acceptTerms"
              required
              label={
                <Trans
                  i18nKey="cartCheckout.checkout.consents.terms"
                  components={{
                    terms: <a href={termsUrl} target="_blank" rel="noreferrer" />,
                    privacy: <a href={privacyUrl} target="_blank" rel="noreferrer" />,
                  }}
                />
              }
            />
            <Checkbox
              form={form}
              name="acceptCancellationPolicy"
              required
              label={
                <Trans
                  i18nKey="cartCheckout.checkout.consents.cancellation"
                  components={{ policy: <a href={cancellationUrl} target="_blank" rel="noreferrer" /> }}
                />
              }
            />
          </fieldset>

          <EarlyStartConsent form={form} items={items} />

          {priceChange ? <PriceChangeNotice lines={priceChange} /> : null}
          {providerProblem ? (
            <SubmitNotice>
              {t(
                providerProblem === 'refused'
                  ? 'cartCheckout.checkout.paymentRefused'
                  : 'cartCheckout.checkout.providerUnavailable',
              )}
            </SubmitNotice>
          ) : null}
          {failure ? (
            <SubmitNotice>
              {typeof failure === 'object'
                ? failure.serverText
                : t(
                    failure === 'tooMany'
                      ? 'cartCheckout.checkout.submitTooMany'
                      : 'cartCheckout.checkout.submitFailed',
                  )}
            </SubmitNotice>
          ) : null}
          <PriceStatus />
          <OrderReview items={items} priceResult={priceResult} />
          {/* Not while the cart is priced again after a change (a code just entered): the order would carry the total
              and codes of the cart before it. */}
          <Button
            type="submit"
            // While an order waits for its payment, the buyer first chooses above: pay it, or change it.
            disabled={submitting || !priceResult || priceStatus === 'loading' || waitingOrder.blocking}
            className="checkout-submit"
          >
            {t('cartCheckout.checkout.submit')}
          </Button>
          <p aria-live="polite" className="checkout-hint">
            {submitting ? t('cartCheckout.checkout.submitting') : ''}
          </p>
        </form>

        {/* Beside the form from 960 px, above it on a phone: the order at a glance, and its codes before the form. */}
        <aside className="checkout-side" aria-labelledby="checkout-side-title">
          <h2 id="checkout-side-title">{t('cartCheckout.checkout.summary')}</h2>
          <OrderLines items={items} priceResult={priceResult} testIdPrefix="side" />
          <DiscountCodeBox />
        </aside>
      </div>
    </section>
  );
}
