import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Banner, firePendingPurchase, selectIsLoggedIn, useAuthStore } from '@shop/shared';
import { checkoutCss } from './checkout.css.ts';
import { contactUrl } from './links.ts';

/**
 * /checkout-complete/{orderId}/{email} (spec §2): confirmation, next steps, contact; guests are offered an account
 * with their address. The stored purchase event fires once, and only for this order.
 */
export function CheckoutCompletePage() {
  const { t } = useTranslation();
  const { orderId = '', email = '' } = useParams();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  useEffect(() => {
    firePendingPurchase(orderId);
  }, [orderId]);
  return (
    <section className="checkout-info">
      <style href="checkout-page" precedence="default">{checkoutCss}</style>
      <h1>{t('cartCheckout.complete.title')}</h1>
      <Banner tone="success">{t('cartCheckout.checkoutComplete.confirmation', { orderId, email })}</Banner>
      <h2>{t('cartCheckout.checkoutComplete.nextTitle')}</h2>
      <ol>
        <li>{t('cartCheckout.checkoutComplete.nextMail')}</li>
        <li>{t('cartCheckout.checkoutComplete.nextAccess')}</li>
        <li>{t('cartCheckout.checkoutComplete.nextWithdrawal')}</li>
      </ol>
      <p>
        {t('cartCheckout.checkoutComplete.contactText')} <a href={contactUrl}>{t('cartCheckout.checkoutComplete.contact')}</a>
      </p>
      {loggedIn ? (
        <p>
          <Link to="/account-order">{t('cartCheckout.checkoutComplete.orders')}</Link>
        </p>
      ) : (
        <section aria-labelledby="checkout-complete-account">
          <h2 id="checkout-complete-account">{t('cartCheckout.checkoutComplete.accountTitle')}</h2>
          <p>{t('cartCheckout.checkoutComplete.accountText')}</p>
          <p>
            <Link className="shop-button shop-button--primary" to={`/register?${new URLSearchParams({ email })}`}>
              {t('cartCheckout.checkoutComplete.register')}
            </Link>
          </p>
        </section>
      )}
    </section>
  );
}
