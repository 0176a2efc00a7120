import Swiper from 'swiper';
import { A11y, FreeMode, Navigation } from 'swiper/modules';

/** What the slider's markup hands over: the `.swiper` element, its buttons and what to say. */
export interface SliderStart {
  container: HTMLElement;
  previous: HTMLButtonElement;
  next: HTMLButtonElement;
  /**
   * The slider's layout (sliderColumns.ts), handed over so this chunk imports Swiper alone: a module both chunks
   * import became a chunk of its own in the partner bundle, one more request before its first card.
   */
  layout: { columns: 2 | 3; gap: number; twoColumnsFrom: number; ownColumnsFrom: number };
  messages: {
    previous: string;
    next: string;
    first: string;
    last: string;
    slideLabel: string;
    roleDescription: string;
  };
  /** Called on every (re-)initialisation, breakpoint and slide change: the open detail panel closes then. */
  onReset: () => void;
  /** Called with the page now in view after a slide change (the position above the slider follows it). */
  onSlide: (index: number) => void;
  /**
   * The slider's first start: its initialisation (and the breakpoint Swiper sets while starting) closes nothing,
   * since a panel open then is one the visitor opened while Swiper's code was still on its way
   * (docs/performance.md#after-the-first-paint). A start again (another language) closes it.
   */
  firstStart: boolean;
}

/** The running slider, as CardSlider uses it. */
export interface StartedSlider {
  /** Measures again after React added or removed slides, and shows page `index` (without animation). */
  update: (index: number) => void;
  slideNext: () => void;
  destroy: () => void;
}

/**
 * Starts Swiper on the markup CardSlider rendered. This module (Swiper's code, about 25 KB gzip) is loaded after the
 * first cards have painted, not before them (docs/performance.md#after-the-first-paint).
 */
export function startSlider({
  container,
  previous,
  next,
  layout,
  messages,
  onReset,
  onSlide,
  firstStart,
}: SliderStart): StartedSlider {
  const { gap, twoColumnsFrom, ownColumnsFrom } = layout;
  let starting = firstStart;
  const resetUnlessStarting = () => {
    if (!starting) onReset();
  };
  const swiper = new Swiper(container, {
    modules: [Navigation, A11y, FreeMode],
    // One page per view: a page holds the columns of its width (CardSlider's inPages), filled row by row.
    slidesPerView: 1,
    spaceBetween: gap,
    freeMode: { enabled: false },
    // Every breakpoint names all it changes: Swiper keeps a value set by a wider breakpoint when the narrower one
    // does not mention it.
    breakpoints: {
      0: { freeMode: { enabled: false } },
      [twoColumnsFrom]: { freeMode: { enabled: false } },
      [ownColumnsFrom]: { freeMode: { enabled: true } },
    },
    navigation: { prevEl: previous, nextEl: next },
    a11y: {
      prevSlideMessage: messages.previous,
      nextSlideMessage: messages.next,
      firstSlideMessage: messages.first,
      lastSlideMessage: messages.last,
      slideLabelMessage: messages.slideLabel,
      itemRoleDescriptionMessage: messages.roleDescription,
    },
    on: {
      init: resetUnlessStarting,
      breakpoint: resetUnlessStarting,
      slideChange: (swiper) => {
        onReset();
        onSlide(swiper.activeIndex);
      },
    },
  });
  starting = false;
  return {
    update: (index) => {
      swiper.update();
      if (swiper.activeIndex !== index) swiper.slideTo(index, 0, false);
    },
    slideNext: () => swiper.slideNext(),
    // The markup is React's: Swiper's inline styles go with it, so a later start measures afresh.
    destroy: () => swiper.destroy(true, true),
  };
}
