import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Banner, Button, formatDate, formatMoney, useCartStore } from '@shop/shared';
import { cartTotal, toCartLine } from './cartLines.ts';

const cartCss = `
.cart-page { max-width: 1140px; margin: 0 auto; padding: 24px; }
.cart-lines { list-style: none; padding: 0; display: flex; flex-direction: column; gap: 12px; }
.cart-line { display: grid; grid-template-columns: 1fr auto; gap: 8px; padding: 16px; border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); }
.cart-line h2 { margin: 0; font-size: 1.1rem; }
.cart-line p { margin: 0; }
.cart-summary { display: flex; justify-content: space-between; font-size: 1.2rem; font-weight: 700; padding: 16px 0; }
`;

/** /cart: the items of the shared cart store with their prices. */
export function CartPage() {
  const { t, i18n } = useTranslation();
  const items = useCartStore((state) => state.items);
  const removeItem = useCartStore((state) => state.removeItem);
  const lines = items.map((item) => toCartLine(item, i18n.resolvedLanguage ?? 'de'));

  return (
    <section className="cart-page">
      <style href="cart-page" precedence="default">{cartCss}</style>
      <h1>{t('cartCheckout.cart.title')}</h1>
      {lines.length === 0 ? (
        <Banner>
          {t('cartCheckout.cart.empty')} <Link to="/courses">{t('cartCheckout.cart.browse')}</Link>
        </Banner>
      ) : (
        <>
          <ul className="cart-lines" aria-label={t('cartCheckout.cart.itemsLabel')}>
            {lines.map((line) => (
              <li key={line.id} className="cart-line" data-testid="cart-line">
                <div>
                  <h2>{line.title}</h2>
                  {line.startDate ? <p>{t('cartCheckout.cart.starts', { date: formatDate(line.startDate) })}</p> : null}
                  <p>{t('cartCheckout.cart.quantity', { count: line.quantity })}</p>
                </div>
                <div>
                  <p className="cart-line__price">{formatMoney(line.lineTotal)}</p>
                  <Button variant="secondary" onClick={() => removeItem(line.id)} aria-label={t('cartCheckout.cart.removeItem', { title: line.title })}>
                    {t('cartCheckout.cart.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <p className="cart-summary">
            <span>{t('cartCheckout.cart.total')}</span>
            <span data-testid="cart-total">{formatMoney(cartTotal(lines))}</span>
          </p>
          <Link to="/products">{t('cartCheckout.cart.continueShopping')}</Link>
        </>
      )}
    </section>
  );
}
