import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  Banner,
  cartAddressWith,
  frameFlagQuery,
  handOffCart,
  encodeCartSync,
  newCartItemId,
  trackAddToCart,
  useCartStore,
  type CartItem,
  type NewCartItem,
} from '@shop/shared';

/** What a card's "add to cart" does: in the shop it fills the cart; in a partner's embed it hands over to the shop. */
export interface CatalogCart {
  add(item: NewCartItem): void;
}

const CatalogCartContext = createContext<CatalogCart | null>(null);

export function useCatalogCart(): CatalogCart {
  const cart = useContext(CatalogCartContext);
  if (!cart) throw new Error('useCatalogCart: no CatalogCart provider');
  return cart;
}

/**
 * In the shop: add to the shared cart store, push add_to_cart, go to /cart. docs/product-rules.md#screens: the visitor goes to
 * /cart also when adding fails (for example when storage is unavailable) — the cart then says what it has. Framed by a
 * browser that blocks third-party storage, the cart opens in a new tab instead (handOffCart); if the browser refuses
 * the tab, the visit goes on to /cart in the frame, where the cart and the frame flags are kept in memory.
 */
export function ShopCartProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <ShopOriginCartProvider goToCart={() => navigate('/cart')}>{children}</ShopOriginCartProvider>;
}

/**
 * On a page of the shop's own origin (the shop, or the lightweight partner page of /products-iframe, which
 * leaves for the shop's /cart with a full load): the same cart store, then `goToCart`, or the cart in a new
 * top-level tab when this is a frame without storage (handOffCart, which then leaves a notice with a link to it).
 * `goToCart` gets the /cart address that carries the cart and the frame flags when the frame has no storage
 * (`frameWithCart`), for a page that continues with a full load.
 */
export function ShopOriginCartProvider({
  goToCart,
  children,
}: {
  goToCart: (addressWithCart: string | null) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [tabAddress, setTabAddress] = useState<string | null>(null);
  const value = useMemo<CatalogCart>(
    () => ({
      add(item) {
        try {
          useCartStore.getState().addItem(item);
          trackAddToCart([item], { transactionId: newCartItemId() });
        } catch (error) {
          console.error('Adding to the cart failed', error);
        }
        const items = useCartStore.getState().items;
        const handOff = handOffCart(items);
        if (handOff === 'newTab') setTabAddress(cartAddressWith(window.location.origin, items));
        else
          goToCart(
            handOff === 'frameWithCart' ? cartAddressWith(window.location.origin, items, frameFlagQuery()) : null,
          );
      },
    }),
    [goToCart],
  );
  return (
    <CatalogCartContext.Provider value={value}>
      {tabAddress ? (
        <Banner data-testid="cart-in-new-tab">
          {t('catalog.cartInNewTab.notice')}{' '}
          <a href={tabAddress} target="_blank" rel="noopener">
            {t('catalog.cartInNewTab.open')}
          </a>
        </Banner>
      ) : null}
      {children}
    </CatalogCartContext.Provider>
  );
}

/** The shop's /cart URL carrying `item` as a cartSync value (docs/product-rules.md#screens), for a visitor coming from a partner page. */
export function shopCartUrl(shopUrl: string, item: CartItem): string {
  const url = new URL('/cart', shopUrl);
  url.searchParams.set('cartSync', encodeCartSync([item]));
  return url.href;
}

/**
 * On a partner page the shop's cart lives on another origin: the item travels in the cartSync parameter, and
 * nothing is written to the partner's storage apart from the analytics de-duplication key. As in the shop, the
 * visitor goes to /cart whatever the analytics do: the partner's page owns `window.dataLayer`, and a page that uses
 * that name for something else makes the push throw.
 */
export function EmbedCartProvider({ shopUrl, children }: { shopUrl: string; children: ReactNode }) {
  const value = useMemo<CatalogCart>(
    () => ({
      add(item) {
        const line = { ...item, id: newCartItemId() } as CartItem;
        try {
          trackAddToCart([item], { transactionId: line.id });
        } catch (error) {
          console.error('Reporting add_to_cart failed', error);
        }
        window.location.assign(shopCartUrl(shopUrl, line));
      },
    }),
    [shopUrl],
  );
  return <CatalogCartContext.Provider value={value}>{children}</CatalogCartContext.Provider>;
}
