import { useTranslation } from 'react-i18next';
import {
  CourseType,
  LinePrice,
  PackageType,
  pickText,
  presentOrderPrices,
  PriceSummaryList,
  type OrderPrices,
} from '@shop/shared';
import { packageName } from '../cart/packageName.ts';

/** Package balance type ids of an order position, by the package they were bought as. */
const packageOfBalanceType = (type: number | undefined) =>
  type === CourseType.conversationHours ? PackageType.conversationHours : PackageType.flexibleLearning;

/** The confirmation's positions and summary, from the one price presenter, as the cart showed them. */
export function OrderPriceList({ prices }: { prices: OrderPrices }) {
  const { t, i18n } = useTranslation();
  const { lines, summary } = presentOrderPrices(prices);
  return (
    <section aria-labelledby="order-prices-title" data-testid="order-prices">
      <h2 id="order-prices-title">{t('cartCheckout.checkoutComplete.pricesTitle')}</h2>
      <ul className="checkout-items">
        {lines.map((line, index) => {
          const position = prices.positions[index]!;
          const language = i18n.resolvedLanguage ?? 'de';
          const title =
            position.kind === 'package'
              ? packageName(packageOfBalanceType(position.type), position.amount ?? 0, language)
              : pickText(position.titles, language);
          return (
            <li key={index}>
              <span>
                {position.quantity} × {title}
              </span>
              <LinePrice line={line} />
            </li>
          );
        })}
      </ul>
      <PriceSummaryList summary={summary} testIdPrefix="order" />
    </section>
  );
}
