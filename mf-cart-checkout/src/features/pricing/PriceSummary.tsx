import { useTranslation } from 'react-i18next';
import { formatMoney, type PriceResult } from '@shop/shared';

/**
 * Subtotal, each applied code, total and the VAT note (docs/product-rules.md#overview: the cart names the German tax clause; the
 * checkout says prices include VAT). Used by the cart and the checkout's side summary.
 */
export function PriceSummary({ result, vatNote }: { result: PriceResult | null; vatNote: 'cart' | 'checkout' }) {
  const { t } = useTranslation();
  const amount = (value: number | undefined) => (value === undefined ? '–' : formatMoney(value));
  return (
    <div className="price-summary">
      <dl>
        <div className="price-summary__row">
          <dt>{t('cartCheckout.summary.subtotal')}</dt>
          <dd data-testid="cart-subtotal">{amount(result?.subtotal)}</dd>
        </div>
        {result?.discountsApplied.map((discount) => (
          <div className="price-summary__row" key={discount.code} data-testid="cart-discount">
            <dt>{t('cartCheckout.summary.discount', { code: discount.code })}</dt>
            <dd>−{formatMoney(discount.totalDiscountAmount)}</dd>
          </div>
        ))}
        <div className="price-summary__row price-summary__total">
          <dt>{t('cartCheckout.summary.total')}</dt>
          <dd data-testid="cart-total">{amount(result?.totalPrice)}</dd>
        </div>
      </dl>
      <p className="price-summary__vat">
        {t(vatNote === 'cart' ? 'cartCheckout.summary.vatCart' : 'cartCheckout.summary.vatCheckout')}
      </p>
    </div>
  );
}
