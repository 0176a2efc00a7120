import { Fragment, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y, FreeMode, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import swiperA11yCss from 'swiper/css/a11y?inline';
import swiperFreeModeCss from 'swiper/css/free-mode?inline';
import swiperCss from 'swiper/css?inline';
import type { DetailsControl } from '../cards/CardParts.tsx';

// Swiper's CSS as text: areas share no CSS files, so it is rendered like every other style (hoisted, once).
const swiperStyles = [swiperCss, swiperFreeModeCss, swiperA11yCss].join('\n');

export interface SliderItem {
  key: string;
  render: (details: DetailsControl) => ReactNode;
}

/** Rows of the slider: each slide is one column holding this many cards. */
const rows = 2;

/** The items in columns of `rows`, in their order: [0, 1], [2, 3], … */
export function inColumns<T>(items: readonly T[]): T[][] {
  const columns: T[][] = [];
  for (let index = 0; index < items.length; index += rows) columns.push(items.slice(index, index + rows));
  return columns;
}

/**
 * The listing slider of docs/product-rules.md#screens, #limits: 2 rows, 15 px apart; 1 column, 2 from 768 px, and from 1140 px `columns`
 * (3 on the combined and group pages, 2 on products and flexible) with free scrolling. The items come in start
 * date order and fill it column by column: each slide is a column of two cards, so the first screen holds the
 * earliest ones and the document order (what a screen reader reads) is the date order too. (Swiper's own grid
 * fills by row, which put far-apart dates side by side; its column fill needs a fixed height.) One detail panel
 * is open at a time, and none after a slide change or a (re-)initialisation.
 */
export function CardSlider({ items, columns }: { items: SliderItem[]; columns: 2 | 3 }) {
  const { t } = useTranslation();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  return (
    <section className="catalog-slider" aria-label={t('catalog.slider.label')}>
      <style href="catalog-swiper" precedence="default">
        {swiperStyles}
      </style>
      <div className="catalog-slider__controls">
        <button ref={prev} type="button" className="catalog-slider__nav" aria-label={t('catalog.slider.previous')}>
          <span aria-hidden="true">‹</span>
        </button>
        <button ref={next} type="button" className="catalog-slider__nav" aria-label={t('catalog.slider.next')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <Swiper
        modules={[Navigation, A11y, FreeMode]}
        slidesPerView={1}
        spaceBetween={15}
        freeMode={{ enabled: false }}
        // Every breakpoint names all it changes: Swiper keeps a value set by a wider breakpoint when the
        // narrower one does not mention it.
        breakpoints={{
          0: { slidesPerView: 1, freeMode: { enabled: false } },
          768: { slidesPerView: 2, freeMode: { enabled: false } },
          1140: { slidesPerView: columns, freeMode: { enabled: true } },
        }}
        onBeforeInit={(swiper) => {
          // The buttons render before Swiper initialises, so they can be handed over as elements.
          const navigation = swiper.params.navigation;
          if (navigation && typeof navigation === 'object') {
            navigation.prevEl = prev.current;
            navigation.nextEl = next.current;
          }
        }}
        navigation={{ prevEl: prev.current, nextEl: next.current }}
        a11y={{
          prevSlideMessage: t('catalog.slider.previous'),
          nextSlideMessage: t('catalog.slider.next'),
          firstSlideMessage: t('catalog.slider.first'),
          lastSlideMessage: t('catalog.slider.last'),
          slideLabelMessage: t('catalog.slider.slideLabel', { index: '{{index}}', slidesLength: '{{slidesLength}}' }),
          itemRoleDescriptionMessage: t('catalog.slider.roleDescription'),
        }}
        onInit={() => setOpenKey(null)}
        onBreakpoint={() => setOpenKey(null)}
        onSlideChange={() => setOpenKey(null)}
      >
        {inColumns(items).map((column) => (
          <SwiperSlide key={column[0]!.key} className="catalog-slider__column">
            {column.map((item) => (
              <Fragment key={item.key}>
                {item.render({
                  open: openKey === item.key,
                  onToggle: () => setOpenKey((key) => (key === item.key ? null : item.key)),
                })}
              </Fragment>
            ))}
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
