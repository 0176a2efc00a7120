import {
  Fragment,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import swiperA11yCss from 'swiper/css/a11y?inline';
import swiperFreeModeCss from 'swiper/css/free-mode?inline';
import swiperCss from 'swiper/css?inline';
import type { DetailsControl } from '../cards/CardParts.tsx';
import { afterPaintShown } from './afterPaintShown.ts';
import { columnGap, columnsInView, ownColumnsFrom, pageSteps, twoColumnsFrom } from './sliderColumns.ts';
import type { SliderStart, StartedSlider } from './startSlider.ts';

// Swiper's CSS as text: areas share no CSS files, so it is rendered like every other style (hoisted, once).
const swiperStyles = [swiperCss, swiperFreeModeCss, swiperA11yCss].join('\n');

export interface SliderItem {
  key: string;
  render: (details: DetailsControl) => ReactNode;
}

/** Rows of the slider: each slide is one page of this many rows. */
const rows = 2;

/**
 * The items in pages of `rows` rows of `view` cards, in their order: with 3 in view [0…5], [6…11], … A page fills
 * row by row, so dates read left to right, then down, and the document order (what a screen reader reads) is the
 * date order too (a slide per column read 08.12 · 06.01 · 23.01 across the top row).
 */
export function inPages<T>(items: readonly T[], view: number): T[][] {
  const size = rows * view;
  const pages: T[][] = [];
  for (let index = 0; index < items.length; index += size) pages.push(items.slice(index, index + size));
  return pages;
}

/** The columns the window shows now (1, 2 from 768 px, the page's own count from 1140 px), following a resize. */
function useColumnsInView(columns: 2 | 3): number {
  const [view, setView] = useState(() => columnsInView(window.innerWidth, columns));
  useEffect(() => {
    const queries = [twoColumnsFrom, ownColumnsFrom].map((width) => window.matchMedia?.(`(min-width: ${width}px)`));
    const update = () => setView(columnsInView(window.innerWidth, columns));
    for (const query of queries) query?.addEventListener?.('change', update);
    return () => {
      for (const query of queries) query?.removeEventListener?.('change', update);
    };
  }, [columns]);
  return view;
}

/** "3–4 von 18": the cards of page `index` among `total`. */
export function pagePosition(index: number, view: number, total: number): { from: number; to: number } {
  const size = rows * view;
  const from = Math.min(index * size + 1, total);
  return { from, to: Math.min(from + size - 1, total) };
}

/**
 * How many of the slider's pages hold their cards. The `first` come with the first commit; the rest follow
 * after it, `perStep` at a time, each step a transition of its own after the browser had its turn. One
 * commit of all cards (72 on /products-iframe) was one long task on a phone; in steps, the first screen paints
 * sooner and input is answered between them (docs/performance.md#after-the-first-paint). Another list
 * (a new filter) starts again from its first columns; the same list rendered again keeps what it shows.
 */
function usePagesWithCards(
  items: readonly SliderItem[],
  total: number,
  { first, perStep }: { first: number; perStep: number },
): number {
  const list = items.map((item) => item.key).join(' ');
  const [shown, setShown] = useState({ list, count: first });
  // Adjusted while rendering, as React advises for state that follows a prop.
  if (shown.list !== list) setShown({ list, count: first });
  const count = shown.list === list ? shown.count : first;
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() =>
      startTransition(() => setShown((state) => ({ ...state, count: state.count + perStep }))),
    );
    return () => clearTimeout(timer);
  }, [count, total, perStep]);
  return count;
}

/**
 * One page's cards. Memoised: a step that brings in more pages (usePagesWithCards) renders only the new
 * ones, not again every page already shown, which made each step longer than the one before. A page is told
 * the open card's key only when the card is its own, so opening a card renders its page alone.
 */
const SliderPage = memo(function SliderPage({
  cards,
  openKey,
  onToggle,
}: {
  cards: readonly SliderItem[];
  openKey: string | null;
  onToggle: (key: string) => void;
}) {
  return cards.map((item) => (
    <Fragment key={item.key}>
      {item.render({ open: openKey === item.key, onToggle: () => onToggle(item.key) })}
    </Fragment>
  ));
});

/** Whether a slider of this page has started Swiper yet: only the first one shares the network with the first screen. */
let firstSliderOfPage = true;

/** Calls `done` after the next frame; returns a function that cancels. */
function afterNextFrame(done: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(done);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Starts Swiper on the slider's markup once the first cards are on the screen: Swiper's code is loaded then, not
 * before them (docs/performance.md#after-the-first-paint). A pointer or the focus coming to the slider starts it at
 * once. Until it runs, the markup lays the columns out as Swiper will (catalog.css.ts), and a press on "next" is
 * kept and done when it starts. Should its code fail to load, the row of columns scrolls by itself instead, so no card
 * is out of reach. Started again when the texts change language (Swiper's labels are set when it starts); stopped on
 * unmount.
 */
function useStartedSlider(options: () => Omit<SliderStart, 'firstStart'> | null) {
  const slider = useRef<StartedSlider | null>(null);
  const startedBefore = useRef(false);
  const nextPressed = useRef(false);
  const startNow = useRef<() => void>(() => undefined);
  // The latest options (texts, callbacks) for the moment Swiper starts, without starting it again for each render.
  const latestOptions = useRef(options);
  useLayoutEffect(() => {
    latestOptions.current = options;
  });
  const language = useTranslation().i18n.language;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stopped = false;
    let asked = false;
    let cancelWait: () => void = () => undefined;
    const start = () => {
      if (asked || stopped) return;
      asked = true;
      cancelWait();
      void import('./startSlider.ts').then(
        ({ startSlider }) => {
          const started = stopped ? null : latestOptions.current();
          if (!started) return;
          slider.current = startSlider({ ...started, firstStart: !startedBefore.current });
          startedBefore.current = true;
          if (nextPressed.current) slider.current.slideNext();
          nextPressed.current = false;
        },
        () => setFailed(true),
      );
    };
    // The page's first slider waits until its cards are shown (at most a second); a later one (another language,
    // another listing) only for the next frame, as the first screen's bytes are in by then.
    cancelWait = firstSliderOfPage ? afterPaintShown(performance.now(), 1000, start) : afterNextFrame(start);
    firstSliderOfPage = false;
    startNow.current = start;
    return () => {
      stopped = true;
      cancelWait();
      startNow.current = () => undefined;
      slider.current?.destroy();
      slider.current = null;
    };
  }, [language]);

  return {
    /** Swiper's code did not load (the network failed): the slider stays a row that scrolls on its own. */
    failed,
    /** After React added or removed slides: Swiper counts and measures them again, and shows page `index`. */
    update: (index: number) => slider.current?.update(index),
    /** A press on "next" before Swiper runs (after that, Swiper's own listener moves the slider). */
    pressNext: () => {
      if (!slider.current) nextPressed.current = true;
      startNow.current();
    },
    /** A pointer or the focus came to the slider: its user is about to use it, so Swiper starts without waiting. */
    wanted: () => startNow.current(),
  };
}

/**
 * The listing slider of docs/product-rules.md#screens, #limits: 2 rows, 15 px apart; 1 column, 2 from 768 px, and from
 * 1140 px `columns` (3 on the combined and group pages, 2 on products and flexible) with free scrolling. The items
 * come in start date order and fill it page by page, each page row by row (inPages), so dates read left to right,
 * then down. Above it, where the visitor is ("3–4 von 18"). One detail panel is open at a time, and none after a
 * slide change or a (re-)initialisation.
 */
export function CardSlider({ items, columns }: { items: SliderItem[]; columns: 2 | 3 }) {
  const { t } = useTranslation();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const view = useColumnsInView(columns);
  const pages = useMemo(() => inPages(items, view), [items, view]);
  const withCards = usePagesWithCards(items, pages.length, pageSteps);
  // The first card in view, not the page: after a resize the page that holds it comes into view. Another list
  // starts at its first card.
  const list = items.map((item) => item.key).join(' ');
  const [active, setActive] = useState({ list, first: 0 });
  const first = active.list === list ? active.first : 0;
  const index = Math.min(Math.floor(first / (2 * view)), pages.length - 1);
  const position = pagePosition(index, view, items.length);
  const current = useRef({ list, view });
  useLayoutEffect(() => {
    current.current = { list, view };
  });
  const toggle = useCallback((key: string) => setOpenKey((open) => (open === key ? null : key)), []);
  const slider = useStartedSlider(() => {
    if (!container.current || !prev.current || !next.current) return null;
    return {
      container: container.current,
      previous: prev.current,
      next: next.current,
      layout: { columns, gap: columnGap, twoColumnsFrom, ownColumnsFrom },
      messages: {
        previous: t('catalog.slider.previous'),
        next: t('catalog.slider.next'),
        first: t('catalog.slider.first'),
        last: t('catalog.slider.last'),
        slideLabel: t('catalog.slider.slideLabel', { index: '{{index}}', slidesLength: '{{slidesLength}}' }),
        roleDescription: t('catalog.slider.roleDescription'),
      },
      onReset: () => setOpenKey(null),
      onSlide: (slide) => setActive({ list: current.current.list, first: slide * 2 * current.current.view }),
    };
  });
  // Other pages (a filter, a search, a resize): Swiper counts the slides again before the browser paints.
  useLayoutEffect(() => slider.update(index), [pages]);

  return (
    <section
      className={slider.failed ? 'catalog-slider catalog-slider--scrolls' : 'catalog-slider'}
      data-columns={columns}
      aria-label={t('catalog.slider.label')}
      onPointerEnter={slider.wanted}
      onFocus={slider.wanted}
    >
      <style href="catalog-swiper" precedence="default">
        {swiperStyles}
      </style>
      <div className="catalog-slider__controls">
        <p className="catalog-slider__position" aria-live="polite" aria-atomic="true" data-testid="slider-position">
          {position.from === position.to
            ? t('catalog.slider.positionOne', { from: position.from, total: items.length })
            : t('catalog.slider.position', { ...position, total: items.length })}
        </p>
        {/* Disabled until Swiper runs: the slider starts at its first page. Swiper owns the state from then on. */}
        <button
          ref={prev}
          type="button"
          className="catalog-slider__nav"
          aria-label={t('catalog.slider.previous')}
          disabled
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          ref={next}
          type="button"
          className="catalog-slider__nav"
          aria-label={t('catalog.slider.next')}
          onClick={slider.pressNext}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div ref={container} className="swiper">
        <div className="swiper-wrapper">
          {pages.map((page, pageIndex) => (
            // Every page is a slide from the start, so Swiper counts and sizes them once.
            <div key={page[0]!.key} className="swiper-slide catalog-slider__page" data-view={view}>
              {pageIndex < withCards ? (
                <SliderPage
                  cards={page}
                  openKey={page.some((item) => item.key === openKey) ? openKey : null}
                  onToggle={toggle}
                />
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
