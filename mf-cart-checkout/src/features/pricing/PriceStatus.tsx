import { useTranslation } from 'react-i18next';
import { Banner } from '@shop/shared';
import { useCartPriceStore } from './cartPrice.ts';

/**
 * What the price is doing, for the cart's summary and beside the checkout's order button (docs/product-rules.md#errors):
 * "being calculated" until the first price, and a notice when the server could not price the cart, so a disabled
 * order button or totals of "–" never stand unexplained. The next change of the cart asks again.
 */
export function PriceStatus() {
  const { t } = useTranslation();
  const status = useCartPriceStore((state) => state.status);
  const priced = useCartPriceStore((state) => state.priceResult !== null);
  return (
    <div aria-live="polite" data-testid="price-status">
      {status === 'loading' && !priced ? <p>{t('cartCheckout.cart.loading')}</p> : null}
      {status === 'error' ? <Banner tone="alert">{t('cartCheckout.cart.priceFailed')}</Banner> : null}
    </div>
  );
}
