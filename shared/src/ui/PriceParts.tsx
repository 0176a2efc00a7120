import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../money/index.ts';
import type { PresentedLine, PresentedSummary, VatTreatment } from '../pricing/index.ts';

/**
 * How screens show the one price presenter's output (docs/decisions/0034-one-price-presenter.md): a line's list
 * price, its named discounts, what is left to pay and its VAT wording; a summary of subtotal, each code,
 * credits and total. The cart, the checkout, the confirmation, and the account's orders all render these.
 */

const money = formatCents;
const vatKey: Record<VatTreatment, string> = {
  exempt: 'common.price.vatExempt',
  included: 'common.price.vatIncluded',
};

export function LinePrice({ line }: { line: PresentedLine }) {
  const { t } = useTranslation();
  return (
    <div className="shop-price-line">
      <dl>
        <div className="shop-price-row">
          <dt>{t('common.price.listPrice')}</dt>
          <dd data-testid="line-list">
            {line.quantity > 1
              ? `${line.quantity} × ${money(line.unitCents)} = ${money(line.listCents)}`
              : money(line.listCents)}
          </dd>
        </div>
        {line.discounts.map((discount) => (
          <div className="shop-price-row shop-price-row--discount" key={discount.kind} data-testid="line-discount">
            <dt>
              {discount.kind === 'code'
                ? t('common.price.code', { codes: discount.codes.join(', ') })
                : t('common.price.credit', { count: discount.places })}
            </dt>
            <dd>−{money(discount.cents)}</dd>
          </div>
        ))}
        <div className="shop-price-row shop-price-row--pay">
          <dt>{t('common.price.toPay')}</dt>
          <dd data-testid="line-pay">{money(line.payCents)}</dd>
        </div>
      </dl>
      <p className="shop-price-line__vat">{t(vatKey[line.vat])}</p>
    </div>
  );
}

/**
 * Subtotal, each code, credits and total; `testIdPrefix` keeps each screen's own test hooks (`cart-total`…).
 * `note` is the screen's VAT sentence (the cart's and the checkout's differ); without one, the order's.
 */
export function PriceSummaryList({
  summary,
  testIdPrefix = 'price',
  note,
}: {
  summary: PresentedSummary | null;
  testIdPrefix?: string;
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  const amount = (cents: number | undefined) => (cents === undefined ? '–' : money(cents));
  return (
    <div className="shop-price-summary">
      <dl>
        <div className="shop-price-row">
          <dt>{t('common.price.subtotal')}</dt>
          <dd data-testid={`${testIdPrefix}-subtotal`}>{amount(summary?.subtotalCents)}</dd>
        </div>
        {summary?.codes.map((code) => (
          <div className="shop-price-row" key={code.code} data-testid={`${testIdPrefix}-discount`}>
            <dt>{t('common.price.code', { codes: code.code })}</dt>
            <dd>−{money(code.cents)}</dd>
          </div>
        ))}
        {summary && summary.creditsCents > 0 ? (
          <div className="shop-price-row" data-testid={`${testIdPrefix}-credits`}>
            <dt>{t('common.price.credits')}</dt>
            <dd>−{money(summary.creditsCents)}</dd>
          </div>
        ) : null}
        <div className="shop-price-row shop-price-row--total">
          <dt>{t('common.price.total')}</dt>
          <dd data-testid={`${testIdPrefix}-total`}>{amount(summary?.totalCents)}</dd>
        </div>
      </dl>
      <p className="shop-price-summary__vat">{note ?? t('common.price.summaryVatExempt')}</p>
    </div>
  );
}
