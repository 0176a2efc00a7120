import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchPriceConfig,
  eurosToCents,
  formatCents,
  formatMoney,
  newCartItemId,
  trackAddToCart,
  useCartStore,
  type NewPackageItem,
  type PackagePrice,
} from '@shop/shared';
import { packageOffers } from './cartLines.ts';
import { packageName } from './packageName.ts';

/**
 * Package offers (docs/product-rules.md#states): shown for a cart with exactly one conversation or flexible course. A single-choice
 * radio group: choosing an offer puts that package in the cart (in place of any other), choosing it again clears it.
 */
export function PackageOffers() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const id = useId();
  const items = useCartStore((state) => state.items);
  const [prices, setPrices] = useState<PackagePrice[]>([]);
  useEffect(() => {
    let live = true;
    fetchPriceConfig().then(
      (config) => live && setPrices(config),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, []);

  const offer = packageOffers(items, prices);
  if (!offer) return null;
  const chosen = items.find((item) => item.itemType === 'package' && item.packageType === offer.type);
  const chosenAmount = chosen?.itemType === 'package' ? chosen.amount : null;

  const choose = (price: PackagePrice) => {
    const store = useCartStore.getState();
    if (chosenAmount === price.amount && chosen) {
      store.removeItem(chosen.id);
      return;
    }
    const item: NewPackageItem = {
      itemType: 'package',
      quantity: 1,
      packageType: price.type,
      amount: price.amount,
      packageDetails: {
        // Kept for the stored cart's shape and analytics; screens name a package from type and amount (cartItemName).
        title: packageName(price.type, price.amount, language),
        type: price.type,
        price: price.price,
        discountedPrice: null,
        description: t('cartCheckout.package.description'),
      },
    };
    store.addPackage(item);
    // This offer is the only way a package gets into the cart: without it, no package would ever be reported as
    // added (docs/product-rules.md#api-calls, add_to_cart with a sku for packages), as the listings report theirs.
    trackAddToCart([item], { transactionId: newCartItemId() });
  };

  return (
    <fieldset className="package-offers" aria-describedby={`${id}-hint`}>
      <legend>{t('cartCheckout.package.offersTitle')}</legend>
      <p id={`${id}-hint`}>{t('cartCheckout.package.offersHint')}</p>
      {offer.offers.map((price) => {
        const name = packageName(price.type, price.amount, language);
        return (
          <label key={price.amount} className="package-offer">
            <input
              type="radio"
              name={`${id}-package`}
              checked={chosenAmount === price.amount}
              // onClick, not onChange: a click on the chosen radio must clear it, and radios fire no change then.
              onClick={() => choose(price)}
              onChange={() => {}}
            />
            <span>
              {t('cartCheckout.package.offer', { name, price: formatMoney(price.price) })}{' '}
              <span className="package-offer__unit">
                {t('cartCheckout.package.perUnit', {
                  price: formatCents(Math.round(eurosToCents(price.price) / price.amount)),
                })}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
