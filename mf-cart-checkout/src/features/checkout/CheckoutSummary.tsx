import { useTranslation } from 'react-i18next';
import type { CartItem, PriceResult } from '@shop/shared';
import { DiscountCodeBox } from '../pricing/DiscountCodeBox.tsx';
import { OrderLines } from './OrderReview.tsx';

/** Beside the form from 960 px, above it on a phone: the order at a glance, and its codes before the form. */
export function CheckoutSummary({
  items,
  priceResult,
}: {
  items: readonly CartItem[];
  priceResult: PriceResult | null;
}) {
  const { t } = useTranslation();
  return (
    <aside className="checkout-side" aria-labelledby="checkout-side-title">
      <h2 id="checkout-side-title">{t('cartCheckout.checkout.summary')}</h2>
      <OrderLines items={items} priceResult={priceResult} testIdPrefix="side" />
      <DiscountCodeBox />
    </aside>
  );
}
