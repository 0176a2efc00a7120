import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '@shop/shared';
import { checkoutCss } from './checkout.css.ts';
import { contactUrl } from './links.ts';

/**
 * The pages after the payment while they have no final answer about the order: a heading and a polite notice
 * (`role=status`). When the order number and the address in the path do not belong together: "order not found"
 * instead — no order is confirmed, nothing about any order is told, and the buyer can reach the school.
 */
export function OrderCheckScreen({
  notFound,
  title,
  notice,
  children,
}: {
  notFound: boolean;
  title: string;
  notice: string;
  /** More below the notice (the return page's way back to the checkout). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="shop-page checkout-info">
      <style href="checkout-page" precedence="default">
        {checkoutCss}
      </style>
      {notFound ? (
        <>
          <h1>{t('cartCheckout.orderNotFound.title')}</h1>
          <Banner tone="warning">{t('cartCheckout.orderNotFound.notice')}</Banner>
          <p>
            {t('cartCheckout.orderNotFound.contactText')}{' '}
            <a href={contactUrl}>{t('cartCheckout.orderNotFound.contact')}</a>
          </p>
        </>
      ) : (
        <>
          <h1>{title}</h1>
          <Banner tone="info">{notice}</Banner>
          {children}
        </>
      )}
    </section>
  );
}
