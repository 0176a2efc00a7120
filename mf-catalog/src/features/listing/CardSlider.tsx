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
import { columnGap, columnSteps, ownColumnsFrom, twoColumnsFrom } from './sliderColumns.ts';
import type { SliderStart, StartedSlider } from './startSlider.ts';

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
 * How many of the slider's columns hold their cards. The `first` come with the first commit; the rest follow
 * after it, `perStep` at a time, each step a transition of its own after the browser had its turn. One
 * commit of all cards (72 on /products-iframe) was one long task on a phone; in steps, the first screen paints
 * sooner and input is answered between them (docs/performance.md#after-the-first-paint). Another list
 * (a new filter) starts again from its first columns; the same list rendered again keeps what it shows.
 */
function useColumnsWithCards(
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
 * One column's cards. Memoised: a step that brings in more columns (useColumnsWithCards) renders only the new
 * ones, not again every column already shown, which made each step longer than the one before. A column is told
 * the open card's key only when the card is its own, so opening a card renders its column alone.
 */
const SliderColumn = memo(function SliderColumn({
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
    /** After React added or removed slides: Swiper counts and measures them again. */
    update: () => slider.current?.update(),
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
  const container = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const columnsOfCards = useMemo(() => inColumns(items), [items]);
  // The window's width when the slider mounts: a later resize only changes how many columns it shows, and by then
  // the steps have brought the cards in.
  const [steps] = useState(() => columnSteps(window.innerWidth, columns));
  const withCards = useColumnsWithCards(items, columnsOfCards.length, steps);
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
    };
  });
  // Another set of columns (a filter, a search): Swiper counts the slides again before the browser paints.
  useLayoutEffect(() => slider.update(), [columnsOfCards]);

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
        {/* Disabled until Swiper runs: the slider starts at its first column. Swiper owns the state from then on. */}
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
          {columnsOfCards.map((column, index) => (
            // Every column is a slide from the start, so Swiper counts and sizes them once.
            <div key={column[0]!.key} className="swiper-slide catalog-slider__column">
              {index < withCards ? (
                <SliderColumn
                  cards={column}
                  openKey={column.some((item) => item.key === openKey) ? openKey : null}
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
