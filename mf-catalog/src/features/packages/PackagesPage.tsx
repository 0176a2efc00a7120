import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  Banner,
  Button,
  cartItemName,
  fetchPriceConfig,
  formatMoney,
  newCartItemId,
  trackAddToCart,
  useCartStore,
  useLoad,
  type LoadSpec,
  type PackagePrice,
} from '@shop/shared';
import { catalogCss } from '../listing/catalog.css.ts';
import { packageCartItem, packagesOfType, packageTypes, unitPriceOf } from './packageList.ts';

const priceConfigLoad: LoadSpec<PackagePrice[]> = { key: 'catalog:packages', load: () => fetchPriceConfig() };

/**
 * /packages: every prepaid package with its price, the price of one hour or module in it and its validity, each
 * bought on its own. The cart's offer beside a single course stays as the spec has it (docs/product-rules.md#states).
 */
export function PackagesPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const navigate = useNavigate();
  const prices = useLoad(priceConfigLoad.key, priceConfigLoad.load);

  const buy = (price: PackagePrice) => {
    const item = packageCartItem(
      price,
      cartItemName({ itemType: 'package', packageType: price.type, amount: price.amount }, language),
      t('catalog.packages.validity'),
    );
    // addPackage: a package replaces any package already in the cart (docs/product-rules.md#states).
    useCartStore.getState().addPackage(item);
    trackAddToCart([item], { transactionId: newCartItemId() });
    navigate('/cart');
  };

  return (
    <section className="shop-page catalog-page catalog-packages" aria-busy={prices.status === 'loading'}>
      <style href="catalog-page" precedence="default">
        {catalogCss}
      </style>
      <h1>{t('catalog.packages.title')}</h1>
      <p>{t('catalog.packages.intro')}</p>
      <p className="catalog-vat">{t('common.price.vatWithout')}</p>
      {prices.status === 'loading' ? (
        <p role="status" className="catalog-status">
          {t('catalog.packages.loading')}
        </p>
      ) : null}
      {prices.status === 'error' ? <Banner tone="alert">{t('catalog.packages.error')}</Banner> : null}
      {prices.status === 'done'
        ? packageTypes.map((type) => {
            const list = packagesOfType(prices.data, type);
            if (list.length === 0) return null;
            return (
              <section key={type} aria-labelledby={`packages-${type}`} className="catalog-packages__type">
                <h2 id={`packages-${type}`}>{t(`catalog.packages.types.${type}`)}</h2>
                <ul className="catalog-packages__list">
                  {list.map((price) => {
                    const id = `package-${type}-${price.amount}`;
                    return (
                      <li key={price.amount} className="catalog-card" data-testid={id}>
                        <h3 id={`${id}-title`} className="catalog-card__title">
                          {cartItemName({ itemType: 'package', packageType: type, amount: price.amount }, language)}
                        </h3>
                        <dl className="catalog-card__facts">
                          <dt>{t('catalog.card.price')}</dt>
                          <dd className="catalog-card__price">
                            <strong>{formatMoney(price.price)}</strong>
                          </dd>
                          <dt>{t(`catalog.packages.unit.${type}`)}</dt>
                          <dd>{formatMoney(unitPriceOf(price))}</dd>
                          <dt>{t('catalog.packages.validityTerm')}</dt>
                          <dd>{t('catalog.packages.validity')}</dd>
                        </dl>
                        <div className="catalog-card__actions">
                          <Button onClick={() => buy(price)} aria-describedby={`${id}-title`}>
                            {t('catalog.card.addToCart')}
                          </Button>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })
        : null}
      <p className="catalog-hint">{t('catalog.packages.redeem')}</p>
    </section>
  );
}
