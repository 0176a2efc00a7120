import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import {
  captureFrameFlags,
  frameFlagQuery,
  configureApi,
  initI18n,
  registerTranslations,
  SharedStyles,
  startHeightReporter,
  useAuthStore,
  usePageHeading,
} from '@shop/shared';
import { ShopOriginCartProvider } from '../features/cart/CatalogCart.tsx';
import { CombinedListing } from '../features/pages/CombinedListing.tsx';
import { readHideFilter } from '../features/query/listingQuery.ts';
import { areaTranslations } from '../i18n/index.ts';

/**
 * A full page load of the shop's /cart: this page has no shell to navigate in. The frame flags go along in the
 * address (the frame's storage may be blocked), and so does the cart when the frame cannot store it.
 */
const goToCart = (addressWithCart: string | null) => {
  const flags = frameFlagQuery().toString();
  window.location.assign(addressWithCart ?? (flags ? `/cart?${flags}` : '/cart'));
};

function PartnerPage({ search }: { search: string }) {
  const { t } = useTranslation();
  // Title from the heading, as on every shop page.
  usePageHeading({ siteName: t('common.siteName') });
  return (
    <main id="main" tabIndex={-1}>
      <ShopOriginCartProvider goToCart={goToCart}>
        <CombinedListing hideFilter={readHideFilter(search)} />
      </ShopOriginCartProvider>
    </main>
  );
}

/**
 * The lightweight /products-iframe a partner frames (docs/decisions/0014-partner-path.md): the combined
 * listing on a page of the shop's origin without the federated shell, the other areas or the other
 * languages. Same cart store and frame flags as the shop, so "add to cart" continues in the shop's /cart.
 */
export function mountPage(element: HTMLElement): void {
  const search = window.location.search;
  captureFrameFlags();
  configureApi({ token: () => useAuthStore.getState().token });
  void registerTranslations(areaTranslations);
  startHeightReporter();
  void initI18n({ serverTexts: 'registered' }).then(() => {
    createRoot(element).render(
      <StrictMode>
        <SharedStyles />
        <MemoryRouter initialEntries={[`${window.location.pathname}${search}`]}>
          <PartnerPage search={search} />
        </MemoryRouter>
      </StrictMode>,
    );
  });
}
