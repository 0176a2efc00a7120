import { useTranslation } from 'react-i18next';
import { presentPriceResult, PriceSummaryList, type PriceResult } from '@shop/shared';

/**
 * The cart's and the checkout's summary from the one price presenter: subtotal, each code, credits, total and the
 * VAT note (docs/product-rules.md#prices-and-vat: the cart names the German tax clause; the checkout says prices
 * include VAT where it applies). Codes the cart keeps that no longer apply are named, so a changed total
 * never goes unexplained.
 */
export function PriceSummary({ result, vatNote }: { result: PriceResult | null; vatNote: 'cart' | 'checkout' }) {
  const { t } = useTranslation();
  const refused = result?.discountCodesProvided.filter((provided) => provided.status === 'invalid') ?? [];
  return (
    <div className="price-summary">
      {refused.map((provided) => (
        <p key={provided.code} className="price-summary__refused" role="status" data-testid="cart-code-refused">
          {t('cartCheckout.summary.codeRefused', {
            code: provided.code,
            reason: provided.errorMessage ?? t('cartCheckout.discount.invalid', { code: provided.code }),
          })}
        </p>
      ))}
      <PriceSummaryList
        summary={result ? presentPriceResult(result).summary : null}
        testIdPrefix="cart"
        note={t(vatNote === 'cart' ? 'cartCheckout.summary.vatCart' : 'cartCheckout.summary.vatCheckout')}
      />
    </div>
  );
}
