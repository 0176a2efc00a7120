import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Banner } from '@shop/shared';
import { checkoutCss } from './checkout.css.ts';
import { contactUrl } from './links.ts';

/** /checkout-cancel (spec §2): the payment did not go through; a notice and the contact link. */
export function CheckoutCancelPage() {
  const { t } = useTranslation();
  return (
    <section className="checkout-info">
      <style href="checkout-page" precedence="default">{checkoutCss}</style>
      <h1>{t('cartCheckout.cancel.title')}</h1>
      <Banner tone="warning">{t('cartCheckout.checkoutCancel.notice')}</Banner>
      <p>
        {t('cartCheckout.checkoutCancel.contactText')} <a href={contactUrl}>{t('cartCheckout.checkoutCancel.contact')}</a>
      </p>
      <p>
        <Link to="/courses">{t('cartCheckout.checkoutCancel.back')}</Link>
      </p>
    </section>
  );
}
