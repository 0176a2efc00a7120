import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '@shop/shared';
import { readListView, withListView } from '../query/listingQuery.ts';
import { CardList } from './CardList.tsx';
import { catalogCss } from './catalog.css.ts';
import { CardSlider, type SliderItem } from './CardSlider.tsx';
import { ListingSkeleton } from './ListingSkeleton.tsx';
import type { Load } from '@shop/shared';

/**
 * The frame of every listing screen (docs/product-rules.md#screens): heading, the main-site hint where asked for, the
 * VAT note, the filter bar, then a loading notice, an error notice, a no-courses notice with a contact link, or the slider.
 */
export function ListingScreen({
  title,
  mainSiteHint = false,
  filter,
  items,
  columns,
}: {
  title: string;
  mainSiteHint?: boolean;
  filter?: ReactNode;
  items: Load<SliderItem[]>;
  columns: 2 | 3;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const asList = readListView(search);
  return (
    <section className="shop-page catalog-page" aria-busy={items.status === 'loading'}>
      <style href="catalog-page" precedence="default">
        {catalogCss}
      </style>
      <h1>{title}</h1>
      {mainSiteHint ? (
        <p className="catalog-hint">
          {t('catalog.hint.text')} <a href={t('catalog.mainSiteUrl')}>{t('catalog.hint.link')}</a>
        </p>
      ) : null}
      {/* One VAT note for every price of the screen (docs/product-rules.md#prices-and-vat), the cart's sentence from
          @shop/shared. It sits above the loading region and renders with the heading, so it is there from the
          first paint and nothing moves when the cards arrive (layout shift, docs/decisions/0036). */}
      <p className="catalog-vat">{t('common.price.vatWithout')}</p>
      {filter}
      {/* While loading, the listing already takes the room of its cards (placeholder cards), so nothing below it jumps. */}
      <div className="catalog-listing" data-state={items.status}>
        {items.status === 'loading' ? (
          <>
            <p role="status" className="catalog-status">
              {t('catalog.courses.loading')}
            </p>
            <ListingSkeleton columns={columns} />
          </>
        ) : null}
        {items.status === 'error' ? <Banner tone="alert">{t('catalog.courses.error')}</Banner> : null}
        {items.status === 'done' && items.data.length === 0 ? (
          <Banner>
            {t('catalog.courses.empty')} <a href={t('catalog.contactUrl')}>{t('catalog.courses.contact')}</a>
          </Banner>
        ) : null}
        {items.status === 'done' && items.data.length > 0 ? (
          <>
            {/* The view is in the URL (view=list), so a reload or back keeps it; it replaces the entry, as it
                changes how the listing reads, not what it holds. */}
            <div className="catalog-view">
              <button
                type="button"
                className="catalog-view__toggle"
                onClick={() => navigate({ search: withListView(search, !asList) }, { replace: true })}
              >
                {asList ? t('catalog.slider.asSlider') : t('catalog.slider.asList')}
              </button>
            </div>
            {asList ? (
              <CardList items={items.data} columns={columns} />
            ) : (
              <CardSlider items={items.data} columns={columns} />
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}
