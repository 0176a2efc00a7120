import { useTranslation } from 'react-i18next';
import { Banner, fetchOrderConfirmationPreview, useLoad } from '@shop/shared';
import { checkoutCss } from './checkout.css.ts';

/**
 * Gives the frame the height of the mail it shows, so the mail is read with the page's own scrolling, never cut
 * off in a box of fixed height. The frame's document is the shop's own origin (`/api` is served beside the page),
 * so its height can be read; it is followed while it changes (fonts, a narrower screen).
 */
function fitToContent(frame: HTMLIFrameElement) {
  const document = frame.contentDocument;
  if (!document?.body) return;
  const fit = () => {
    const border = frame.offsetHeight - frame.clientHeight;
    frame.style.height = `${document.documentElement.scrollHeight + border}px`;
  };
  fit();
  new ResizeObserver(fit).observe(document.body);
}

/**
 * /emailorder (docs/product-rules.md#screens): the order confirmation mail, rendered by the API's own template with sample data, in the
 * current language. The frame loads the API's HTML rendering of it (a document of its own, under the API's
 * Content-Security-Policy), so the mail's markup never mixes with the shop page.
 */
export function EmailOrderPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const load = useLoad(language, () =>
    fetchOrderConfirmationPreview(language).catch((error: unknown) => {
      console.error('Mail preview failed', error);
      throw error;
    }),
  );
  const failed = load.status === 'error';
  const preview = load.status === 'done' ? load.data : null;
  return (
    <section className="shop-page checkout-info">
      <style href="checkout-page" precedence="default">
        {checkoutCss}
      </style>
      <h1>{t('cartCheckout.emailOrder.title')}</h1>
      {failed ? <Banner tone="alert">{t('cartCheckout.checkoutEmailOrder.failed')}</Banner> : null}
      {preview ? (
        <>
          <p>
            {t('cartCheckout.checkoutEmailOrder.subject')}: <strong>{preview.subject}</strong>
          </p>
          <iframe
            className="checkout-mail-preview"
            onLoad={(event) => fitToContent(event.currentTarget)}
            title={t('cartCheckout.checkoutEmailOrder.frameTitle')}
            src={`/api/orders/confirmation-preview/html?locale=${encodeURIComponent(language)}`}
          />
        </>
      ) : failed ? null : (
        <p role="status">{t('cartCheckout.checkoutEmailOrder.loading')}</p>
      )}
    </section>
  );
}
