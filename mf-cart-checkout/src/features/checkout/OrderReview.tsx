import { useTranslation } from 'react-i18next';
import {
  cartItemName,
  LinePrice,
  presentPriceResult,
  presentResultItem,
  PriceSummaryList,
  type CartItem,
  type PriceResult,
} from '@shop/shared';
import { priceOf } from '../cart/cartLines.ts';

/**
 * The order's positions, its total and the VAT note, as a list and summary; `testIdPrefix` keeps each place's hooks
 * apart (the checkout shows it twice: beside the form, and directly above the binding button).
 */
export function OrderLines({
  items,
  priceResult,
  testIdPrefix,
}: {
  items: readonly CartItem[];
  priceResult: PriceResult | null;
  testIdPrefix: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  return (
    <>
      <ul className="checkout-items" data-testid={`${testIdPrefix}-positions`}>
        {items.map((item) => {
          const priced = priceOf(item, priceResult);
          return (
            <li key={item.id}>
              <span>
                {item.quantity} × {cartItemName(item, language)}
              </span>
              {priced ? <LinePrice line={presentResultItem(priced)} /> : <span>–</span>}
            </li>
          );
        })}
      </ul>
      <PriceSummaryList
        summary={priceResult ? presentPriceResult(priceResult).summary : null}
        testIdPrefix={testIdPrefix}
        note={t('cartCheckout.summary.vatCheckout')}
      />
    </>
  );
}

/**
 * The essentials directly before "Zahlungspflichtig bestellen" at every width (the law on online orders wants them
 * there, docs/decisions/0125-essentials-before-the-button-and-a-visible-password-rule.md): the positions, the
 * total and the VAT note, so that on a phone nothing of them comes after the button.
 */
export function OrderReview(props: { items: readonly CartItem[]; priceResult: PriceResult | null }) {
  const { t } = useTranslation();
  return (
    <section className="checkout-review" aria-labelledby="checkout-review-title" data-testid="checkout-review">
      <h2 id="checkout-review-title">{t('cartCheckout.checkout.review')}</h2>
      <OrderLines {...props} testIdPrefix="cart" />
    </section>
  );
}
