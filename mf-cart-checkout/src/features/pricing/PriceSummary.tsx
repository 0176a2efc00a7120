import { useTranslation } from 'react-i18next';
import { presentPriceResult, PriceSummaryList, type PriceResult } from '@shop/shared';

/**
 * The cart's and the checkout's summary from the one price presenter: subtotal, each code, credits, total and the
 * VAT note (docs/product-rules.md#prices-and-vat: the cart names the German tax clause; the checkout says prices
 * include VAT where it applies). A kept code that no longer applies is named by the discount-code box beside it
 * (red tag and the server's reason), so a changed total never goes unexplained.
 */
export function PriceSummary({ result, vatNote }: { result: PriceResult | null; vatNote: 'cart' | 'checkout' }) {
  const { t } = useTranslation();
  return (
    <div className="price-summary">
      <PriceSummaryList
        summary={result ? presentPriceResult(result).summary : null}
        testIdPrefix="cart"
        note={t(vatNote === 'cart' ? 'cartCheckout.summary.vatCart' : 'cartCheckout.summary.vatCheckout')}
      />
    </div>
  );
}
