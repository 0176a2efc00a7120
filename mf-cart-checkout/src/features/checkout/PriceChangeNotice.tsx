import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner, cartItemName, formatMoney } from '@shop/shared';
import type { PriceChangeLine } from './priceChange.ts';

/**
 * The server refused the total the buyer confirmed: what changed and that the order was not placed. Shown
 * beside the order button, where the buyer just clicked, until the next attempt. It takes the focus the order
 * button dropped while it was disabled for sending (Banner's takeFocus, docs/decisions/0064), as the submit's other
 * notices do: the buyer reads what changed, and the next Tab reaches the button to confirm again (WCAG 2.4.3).
 */
export function PriceChangeNotice({ lines }: { lines: readonly PriceChangeLine[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.scrollIntoView?.({ block: 'center' }), [lines]);

  const text = (line: PriceChangeLine) => {
    switch (line.kind) {
      case 'code':
        return t('cartCheckout.checkout.priceChanged.code', { code: line.code, message: line.message });
      case 'unitPrice':
        return t('cartCheckout.checkout.priceChanged.unitPrice', {
          item: cartItemName(line.item, language),
          before: formatMoney(line.before),
          after: formatMoney(line.after),
        });
      case 'credits':
        return t('cartCheckout.checkout.priceChanged.credits', {
          item: cartItemName(line.item, language),
          before: line.before,
          after: line.after,
        });
      case 'total':
        return t('cartCheckout.checkout.priceChanged.total', {
          before: formatMoney(line.before),
          after: formatMoney(line.after),
        });
    }
  };

  return (
    <div ref={box} data-testid="price-change-notice">
      <Banner tone="warning" takeFocus>
        <strong>{t('cartCheckout.checkout.priceChanged.title')}</strong>
        <ul>
          {lines.map((line, index) => (
            <li key={index}>{text(line)}</li>
          ))}
        </ul>
        <span>{t('cartCheckout.checkout.priceChanged.confirm')}</span>
      </Banner>
    </div>
  );
}
