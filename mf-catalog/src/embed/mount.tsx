import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import {
  addShopFontsToDocument,
  configureApi,
  i18n,
  initI18n,
  languages,
  primitivesCss,
  registerTranslations,
  shadowTokensCss,
  startLoad,
  type Language,
} from '@shop/shared';
import { EmbedCartProvider } from '../features/cart/CatalogCart.tsx';
import { CombinedListing } from '../features/pages/CombinedListing.tsx';
import { firstScreenLoads } from '../features/listing/firstScreenLoads.ts';
import { tagSlugs, withFilterSelection } from '../features/query/listingQuery.ts';
import { areaTranslations } from '../i18n/index.ts';

/** Options of `mount` (exposed as `catalog/embed`; the one-script loader fills them from data attributes). */
export interface EmbedOptions {
  /** Base URL of the shop API, e.g. `https://shop.example/api`; this origin must be in its PARTNER_ORIGINS. */
  apiBase?: string;
  /** Where the shop runs: "add to cart" sends the visitor to its /cart with the item. */
  shopUrl?: string;
  /** de, en or es; otherwise detected like in the shop. */
  language?: Language;
  /** Tag slugs to filter by from the start, read as the shop reads `preSelectedTags` (e.g. `data-tags="A1, b1"`). */
  preselectedTags?: string[];
  hideFilter?: boolean;
}

/** The embed's own query: its `data-tags` as the listing's applied filter. */
const embedSearch = (options: EmbedOptions) =>
  withFilterSelection('', { tags: tagSlugs(options.preselectedTags ?? []), months: 3 });

/** Keeps `lang` of the embed's own root in step with the language, without touching the partner's <html>. */
function EmbedRoot({ options, shopUrl }: { options: EmbedOptions; shopUrl: string }) {
  const [language, setLanguage] = useState(i18n.resolvedLanguage ?? 'de');
  useEffect(() => {
    const update = () => setLanguage(i18n.resolvedLanguage ?? 'de');
    i18n.on('languageChanged', update);
    return () => i18n.off('languageChanged', update);
  }, []);
  return (
    <div lang={language} className="catalog-embed">
      <style href="shop-embed-tokens" precedence="low">
        {shadowTokensCss}
      </style>
      <style href="shop-embed-primitives" precedence="default">
        {primitivesCss}
      </style>
      {/* The partner's address is theirs: the listing's filter lives in a URL of its own, starting with data-tags. */}
      <MemoryRouter initialEntries={[`/${embedSearch(options)}`]}>
        <EmbedCartProvider shopUrl={shopUrl}>
          <CombinedListing hideFilter={options.hideFilter ?? false} />
        </EmbedCartProvider>
      </MemoryRouter>
    </div>
  );
}

/**
 * Shows the combined listing (products, courses, flexible courses) inside `element` on any page, with or
 * without React. It renders into a shadow root, so the shop's styles and the partner's never meet. Returns the
 * function that removes it again.
 */
export function mount(element: HTMLElement, options: EmbedOptions = {}): () => void {
  if (options.apiBase) configureApi({ base: options.apiBase });
  const shopUrl = options.shopUrl ?? (options.apiBase ? new URL(options.apiBase).origin : window.location.origin);
  registerTranslations(areaTranslations);
  // The shop's typeface in the shadow root: its @font-face rules only count in the document.
  addShopFontsToDocument(element.ownerDocument);
  // The listing's data is asked for now, beside the texts, not once the listing renders after them (the
  // first card within 2 s on a phone); the listing's loads take these runs by their keys.
  for (const spec of firstScreenLoads('/products-iframe', embedSearch(options))) void startLoad(spec);
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.appendChild(container);
  const root = createRoot(container);
  let mounted = true;
  void initI18n({ serverTexts: 'registered', syncHtmlLang: false }).then(async () => {
    if (options.language && (languages as readonly string[]).includes(options.language))
      await i18n.changeLanguage(options.language);
    if (!mounted) return;
    root.render(
      <StrictMode>
        <EmbedRoot options={options} shopUrl={shopUrl} />
      </StrictMode>,
    );
  });
  return () => {
    mounted = false;
    root.unmount();
    container.remove();
  };
}
