import { useTranslation } from 'react-i18next';
import { Banner } from '@shop/shared';
import { contactUrl } from './links.ts';

/**
 * What the pages after the payment show when the order number and the address in their path do not belong
 * together: no order is confirmed, nothing about any order is told, and the buyer can reach the school.
 */
export function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('cartCheckout.orderNotFound.title')}</h1>
      <Banner tone="warning">{t('cartCheckout.orderNotFound.notice')}</Banner>
      <p>
        {t('cartCheckout.orderNotFound.contactText')} <a href={contactUrl}>{t('cartCheckout.orderNotFound.contact')}</a>
      </p>
    </>
  );
}
