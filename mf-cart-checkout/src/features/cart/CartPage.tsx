import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  Banner,
  formatMoney,
  presentPriceResult,
  PriceSummaryList,
  selectIsLoggedIn,
  useAuthStore,
  useCartStore,
} from '@shop/shared';
import { DiscountCodeBox } from '../pricing/DiscountCodeBox.tsx';
import { pricingCss } from '../pricing/pricing.css.ts';
import { PriceStatus } from '../pricing/PriceStatus.tsx';
import { useCartPricing } from '../pricing/useCartPricing.ts';
import { AccountPanel } from './AccountPanel.tsx';
import { AdjustmentNotices } from './AdjustmentNotices.tsx';
import { cartCss } from './cart.css.ts';
import { CartLine } from './CartLine.tsx';
import { toCartLine } from './cartLines.ts';
import { CartTransfer } from './CartTransfer.tsx';
import { PackageOffers } from './PackageOffers.tsx';

/** /cart (docs/product-rules.md#screens Cart): the lines, adjustment warnings, package offers, balances or login, summary and codes. */
export function CartPage() {
  const { t, i18n } = useTranslation();
  const { priceResult } = useCartPricing();
  const items = useCartStore((state) => state.items);
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const proceedTo = loggedIn ? '/checkout' : '/checkout-auth';
  const lines = items.map((item) => toCartLine(item, i18n.resolvedLanguage ?? 'de', priceResult));
  // A removed line is said, as a changed quantity is (its <output>): the focus moving on to the next line does not
  // say what happened (WCAG 4.1.3).
  const [removed, setRemoved] = useState('');

  return (
    <section className="shop-page cart-page">
      <style href="cart-page" precedence="default">
        {cartCss}
      </style>
      <style href="cart-pricing" precedence="default">
        {pricingCss}
      </style>
      <h1>{t('cartCheckout.cart.title')}</h1>
      {/* A line the server removes may hold the focus (its "+" just pressed): the notice saying why takes it. */}
      <AdjustmentNotices takeFocus />
      {/* Outside the list, so it is still there when the last line goes and the empty cart replaces the list. */}
      <p className="shop-visually-hidden" aria-live="polite" data-testid="cart-removal-announcement">
        {removed}
      </p>
      {lines.length === 0 ? (
        <div className="cart-empty">
          <Banner>{t('cartCheckout.cart.empty')}</Banner>
          <p>{t('cartCheckout.cart.browseListings')}</p>
          <ul>
            <li>
              <Link to="/courses">{t('cartCheckout.cart.linkCourses')}</Link>
            </li>
            <li>
              <Link to="/courses?courseType=3">{t('cartCheckout.cart.linkConversation')}</Link>
            </li>
            <li>
              <Link to="/modular-course">{t('cartCheckout.cart.linkModular')}</Link>
            </li>
            <li>
              <Link to="/products">{t('cartCheckout.cart.linkProducts')}</Link>
            </li>
          </ul>
        </div>
      ) : (
        <div className="cart-layout">
          <div>
            <ul className="cart-lines" aria-label={t('cartCheckout.cart.itemsLabel')}>
              {lines.map((line) => (
                <CartLine
                  key={line.id}
                  line={line}
                  onRemoved={(title) => setRemoved(t('cartCheckout.cart.removed', { title }))}
                />
              ))}
            </ul>
            <PackageOffers />
            <p>
              <Link to="/products">{t('cartCheckout.cart.continueShopping')}</Link>
            </p>
            <CartTransfer />
          </div>
          <aside className="cart-side" aria-label={t('cartCheckout.summary.title')}>
            <AccountPanel />
            <section className="cart-panel">
              <h2>{t('cartCheckout.summary.title')}</h2>
              <DiscountCodeBox />
              <PriceStatus />
              <PriceSummaryList
                summary={priceResult ? presentPriceResult(priceResult).summary : null}
                testIdPrefix="cart"
                note={t('cartCheckout.summary.vatCart')}
              />
              <Link to={proceedTo} className="shop-button shop-button--primary cart-proceed">
                {t('cartCheckout.cart.proceed')}
              </Link>
            </section>
          </aside>
          {/* Small screens: total and "Zur Kasse" stay at the bottom of the screen while the lines scroll (the
              panel's own button is hidden there, so there is always exactly one). */}
          <div className="cart-sticky">
            <p>
              {t('cartCheckout.summary.total')}:{' '}
              <strong>{priceResult ? formatMoney(priceResult.totalPrice) : '…'}</strong>
            </p>
            <Link to={proceedTo} className="shop-button shop-button--primary">
              {t('cartCheckout.cart.proceed')}
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}
