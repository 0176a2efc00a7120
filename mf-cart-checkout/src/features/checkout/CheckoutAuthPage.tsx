import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Banner, Card } from '@shop/shared';
import { checkoutCss } from './checkout.css.ts';

/** /checkout-auth (docs/product-rules.md#screens): create an account or log in (both come back to /checkout), or continue as a guest. */
export function CheckoutAuthPage() {
  const { t } = useTranslation();
  return (
    <section className="shop-page checkout-info">
      <style href="checkout-page" precedence="default">
        {checkoutCss}
      </style>
      <h1>{t('cartCheckout.checkoutAuth.title')}</h1>
      <div className="checkout-choices">
        <Card as="section">
          <h2>{t('cartCheckout.checkoutAuth.accountTitle')}</h2>
          <p>{t('cartCheckout.checkoutAuth.accountText')}</p>
          <p>
            <Link className="shop-button shop-button--primary" to="/register?redirect=/checkout">
              {t('cartCheckout.checkoutAuth.register')}
            </Link>
          </p>
          <p>
            <Link to="/login?redirect=/checkout">{t('cartCheckout.checkoutAuth.login')}</Link>
          </p>
        </Card>
        <Card as="section">
          <h2>{t('cartCheckout.checkoutAuth.guestTitle')}</h2>
          <p>{t('cartCheckout.checkoutAuth.guestText')}</p>
          <Banner tone="warning">{t('cartCheckout.checkoutAuth.packageWarning')}</Banner>
          <p>
            <Link className="shop-button shop-button--secondary" to="/checkout">
              {t('cartCheckout.checkoutAuth.guest')}
            </Link>
          </p>
        </Card>
      </div>
    </section>
  );
}
