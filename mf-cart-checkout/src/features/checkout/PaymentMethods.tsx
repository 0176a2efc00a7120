import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutForm, PaymentMethod } from '@shop/shared';

/** The server's SVG logo as an image (never inserted as HTML). */
const logo = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The payment method list (docs/product-rules.md#screens): shown only when something is to be paid; one radio per method. */
export function PaymentMethods({
  form,
  methods,
}: {
  form: UseFormReturn<CheckoutForm>;
  methods: readonly PaymentMethod[];
}) {
  const { t } = useTranslation();
  if (methods.length === 0) return null;
  return (
    <fieldset className="checkout-section checkout-payment">
      <legend>{t('cartCheckout.checkout.payment.title')}</legend>
      {methods.map((method) => (
        <label key={method.id} className="checkout-payment__method">
          <input type="radio" value={method.id} {...form.register('selectedPaymentMethod')} />
          <img src={logo(method.image.svg)} alt="" width={48} height={30} />
          <span>{method.description}</span>
        </label>
      ))}
    </fieldset>
  );
}
