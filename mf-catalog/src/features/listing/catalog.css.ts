import { columnGap, ownColumnsFrom, pageSteps, twoColumnsFrom } from './sliderColumns.ts';

/** Styles of the catalog screens; rendered once per page through React 19's hoisted <style>. */
export const catalogCss = `
.catalog-page { padding-block: var(--shop-space-xl); }
.catalog-hint { color: var(--shop-color-muted); }
/* Muted on white is 6.4:1, AA for small text too (tokens.ts). */
.catalog-vat { color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); }
.catalog-status { margin: 0; min-height: var(--shop-tap); font-weight: 600; }
.catalog-slider { position: relative; }
.catalog-slider__controls { display: flex; justify-content: flex-end; gap: var(--shop-space-sm); margin-bottom: var(--shop-space-sm); }
.catalog-slider__nav { min-width: var(--shop-tap); min-height: var(--shop-tap); border-radius: var(--shop-radius-pill); border: var(--shop-border-width-strong) solid var(--shop-color-primary-dark); background: var(--shop-color-bg);
  color: var(--shop-color-primary-dark); font-size: var(--shop-font-size-2xl); line-height: 1; cursor: pointer; }
.catalog-slider__nav:disabled { border-color: var(--shop-color-border); color: var(--shop-color-muted); cursor: default; }
.catalog-slider__nav.swiper-button-lock { display: none; }
.catalog-slider .swiper-slide { height: auto; }
/* Until Swiper runs (it starts after the first paint, docs/performance.md#after-the-first-paint), the pages take
   the width and gap it will give them, so nothing moves when it starts; its buttons hide (lock) when one page holds
   every card, which this rule foresees too. */
.catalog-slider .swiper:not(.swiper-initialized) .swiper-slide { width: 100%; margin-right: ${columnGap}px; }
.catalog-slider:has(.swiper:not(.swiper-initialized) .swiper-slide:only-child) .catalog-slider__nav { display: none; }
/* Swiper's code failed to load: the pages scroll sideways by themselves, and the buttons, which could not move
   them, go. */
.catalog-slider--scrolls .swiper { overflow-x: auto; }
.catalog-slider--scrolls .catalog-slider__nav { display: none; }
/* Pages after the first ones skip layout and paint while out of view (content-visibility), and stay in the
   accessibility tree: Swiper measures the slider several times, and each measure laid out every card, 72 on
   /products-iframe (docs/performance.md#after-the-first-paint). Such a page has no height of its own
   until it was shown; the first pages are always laid out, so they give the slider its height (also in a frame
   that takes its height from its content). */
.catalog-slider .swiper-slide:nth-child(n + ${pageSteps.first + 1}) { content-visibility: auto; contain-intrinsic-size: auto none auto 0; }
/* A slide is a page of two rows filled row by row (dates read left to right, then down), its columns and
   rows ${columnGap} px apart (docs/product-rules.md#limits); slides stretch to the tallest shown. Two classes, so
   that the grid outranks Swiper's own .swiper-slide rule (display: block), whichever style sheet comes later. */
.catalog-slider .catalog-slider__page { display: grid; grid-template-columns: 1fr; grid-auto-rows: 1fr; gap: ${columnGap}px; align-content: start; }
.catalog-slider .catalog-slider__page[data-view="2"] { grid-template-columns: repeat(2, minmax(0, 1fr)); }
.catalog-slider .catalog-slider__page[data-view="3"] { grid-template-columns: repeat(3, minmax(0, 1fr)); }
.catalog-slider__controls { align-items: center; }
.catalog-slider__position { margin: 0 auto 0 0; font-weight: 600; }
/* The plain list (view=list): every card, row by row, no slider. */
.catalog-list { list-style: none; margin: var(--shop-space-sm) 0 0; padding: 0; display: grid; gap: ${columnGap}px; grid-template-columns: 1fr; }
@media (min-width: ${twoColumnsFrom}px) { .catalog-list { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: ${ownColumnsFrom}px) { .catalog-list[data-columns="3"] { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.catalog-list > li { display: flex; min-width: 0; }
.catalog-view { display: flex; justify-content: flex-end; margin: var(--shop-space-sm) 0; }
.catalog-view__toggle { background: none; border: none; padding: var(--shop-space-sm) 0; min-height: var(--shop-tap); font: inherit;
  color: var(--shop-color-primary-dark); text-decoration: underline; cursor: pointer; }
.catalog-slider__page > * { min-width: 0; }
.catalog-card { flex: 1; display: flex; flex-direction: column; gap: var(--shop-space-sm); padding: var(--shop-space-lg); border: var(--shop-border-width) solid var(--shop-color-border);
  border-radius: var(--shop-radius); background: var(--shop-color-bg); }
.catalog-card__pretitle { margin: 0; color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); text-transform: uppercase; letter-spacing: .03em; }
.catalog-card__title { margin: 0; font-size: var(--shop-font-size-xl); }
.catalog-card__level, .catalog-card__short, .catalog-card__closed { margin: 0; }
.catalog-card__tag { display: inline-block; padding: var(--shop-space-3xs) var(--shop-space-sm); border-radius: var(--shop-radius-sm); background: var(--shop-color-primary-dark); color: var(--shop-color-on-primary); font-weight: 700; }
.catalog-card__facts { display: grid; grid-template-columns: auto 1fr; gap: var(--shop-space-2xs) var(--shop-space-md); margin: 0; }
.catalog-card__facts dt { color: var(--shop-color-muted); }
.catalog-card__facts dd { margin: 0; }
.catalog-card__price del { color: var(--shop-color-muted); }
.catalog-card__details-toggle { align-self: flex-start; background: none; border: none; padding: var(--shop-space-sm) 0; min-height: var(--shop-tap); font: inherit;
  color: var(--shop-color-primary-dark); text-decoration: underline; cursor: pointer; }
.catalog-card__details-panel { padding: var(--shop-space-sm) var(--shop-space-md); background: var(--shop-color-surface); border-radius: var(--shop-radius); }
.catalog-card__actions { margin-top: auto; display: flex; flex-direction: column; gap: var(--shop-space-sm); }
.catalog-occupancy { margin: 0; display: flex; align-items: center; gap: var(--shop-space-sm); }
.catalog-occupancy__meter { display: inline-flex; align-items: flex-end; gap: var(--shop-space-3xs); height: var(--shop-dot); flex: none; }
.catalog-occupancy__meter i { display: block; width: var(--shop-space-2xs); border: var(--shop-border-width) solid var(--shop-color-border-strong); border-radius: var(--shop-space-3xs); }
.catalog-occupancy__meter i:nth-child(1) { height: 25%; } .catalog-occupancy__meter i:nth-child(2) { height: 50%; }
.catalog-occupancy__meter i:nth-child(3) { height: 75%; } .catalog-occupancy__meter i:nth-child(4) { height: 100%; }
.catalog-occupancy--open i:nth-child(-n+1) { background: var(--shop-color-success); border-color: var(--shop-color-success); }
.catalog-occupancy--normal i:nth-child(-n+2) { background: var(--shop-color-warning); border-color: var(--shop-color-warning); }
.catalog-occupancy--low i:nth-child(-n+3) { background: var(--shop-color-caution); border-color: var(--shop-color-caution); }
.catalog-occupancy--full i { background: var(--shop-color-alert); border-color: var(--shop-color-alert); }
.catalog-slots { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); margin: 0; padding: var(--shop-space-sm) var(--shop-space-md); }
.catalog-slots legend { font-weight: 600; padding: 0 var(--shop-space-2xs); }
.catalog-slots__hint { margin: 0 0 var(--shop-space-2xs); font-size: var(--shop-font-size-sm); color: var(--shop-color-muted); }
.catalog-slot { display: flex; gap: var(--shop-space-sm); align-items: center; min-height: var(--shop-tap); cursor: pointer; }
.catalog-slot input { width: var(--shop-control); height: var(--shop-control); }
.catalog-slots__error { margin: 0; color: var(--shop-color-alert); font-weight: 600; }
.catalog-filter { margin: var(--shop-space-lg) 0; }
.catalog-filter--pending { min-height: var(--shop-tap); }
.catalog-filter__bar { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); align-items: center; }
.catalog-filter__panel { margin-top: var(--shop-space-md); padding: var(--shop-space-lg); border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); }
/* A <dialog> opened in place on a wide screen: in the flow like the bar, not the browser's centred box. */
.catalog-filter__panel:not(:modal) { position: static; width: auto; max-width: none; margin-inline: 0; color: inherit; background: var(--shop-color-bg); }
.catalog-filter__panel::backdrop { background: var(--shop-color-overlay); }
.catalog-chips { display: flex; flex-wrap: wrap; align-items: center; gap: var(--shop-space-sm); margin-top: var(--shop-space-sm); }
.catalog-chips:empty { display: none; }
.catalog-chips ul { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); list-style: none; margin: 0; padding: 0; }
.catalog-chips__label { font-weight: 600; }
.catalog-chip { min-height: var(--shop-tap); padding: 0 var(--shop-space-md); border-radius: var(--shop-radius-pill); border: var(--shop-border-width) solid var(--shop-color-primary-dark);
  background: var(--shop-color-surface); color: var(--shop-color-primary-dark); font: inherit; cursor: pointer; }
.catalog-filter__categories { display: grid; gap: var(--shop-space-md); grid-template-columns: repeat(auto-fit, minmax(var(--shop-size-column), 1fr)); }
.catalog-filter__category { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); margin: 0; padding: var(--shop-space-sm) var(--shop-space-md); }
.catalog-filter__category legend { font-weight: 600; padding: 0 var(--shop-space-2xs); }
.catalog-filter__option { display: flex; gap: var(--shop-space-sm); align-items: center; min-height: var(--shop-tap); cursor: pointer; }
.catalog-filter__option input { width: var(--shop-control); height: var(--shop-control); }
.catalog-filter__clear-category { background: none; border: none; padding: var(--shop-space-2xs) 0; font: inherit; color: var(--shop-color-primary-dark); text-decoration: underline; cursor: pointer; min-height: var(--shop-tap); }
.catalog-filter__range { display: flex; flex-direction: column; gap: var(--shop-space-2xs); margin: var(--shop-space-md) 0; max-width: var(--shop-size-column); }
.catalog-filter__range label { font-weight: 600; }
.catalog-filter__range select { font: inherit; padding: var(--shop-space-sm); border: var(--shop-border-width) solid var(--shop-color-muted); border-radius: var(--shop-radius); }
.catalog-filter__actions { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); }
.catalog-filter__sheet-head { display: flex; justify-content: space-between; align-items: center; gap: var(--shop-space-md); margin-bottom: var(--shop-space-md); }
.catalog-filter__sheet-head h2 { margin: 0; font-size: var(--shop-font-size-xl); }
/* Small screens: the panel is a sheet from the bottom; its options scroll, the apply button stays in view. */
@media (max-width: 767px) {
  .catalog-filter__panel:modal { position: fixed; inset: auto 0 var(--shop-overlay-bottom, 0) 0; z-index: 40; margin: 0; width: auto; max-width: none; max-height: 85vh; overflow-y: auto; border: none; color: inherit;
    padding: var(--shop-space-lg) var(--shop-gutter) 0; border-radius: var(--shop-radius-lg) var(--shop-radius-lg) 0 0; box-shadow: var(--shop-shadow-raised);
    background: var(--shop-color-bg); }
  .catalog-filter__range { max-width: none; }
  .catalog-filter__actions { position: sticky; bottom: 0; flex: none; padding: var(--shop-space-md) 0; background: var(--shop-color-bg);
    border-top: var(--shop-border-width) solid var(--shop-color-border); }
  .catalog-filter__actions .shop-button { flex: 1; }
}
.catalog-listing[data-state="loading"] { min-height: 100vh; }
/* Placeholder cards while loading: the slider's columns at each width (1, 2 from twoColumnsFrom, then its own count), two rows. */
.catalog-skeleton { display: grid; grid-template-columns: 1fr; gap: ${columnGap}px; margin-top: var(--shop-space-sm); }
.catalog-skeleton__card { min-height: calc(var(--shop-size-column) * 2); border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius);
  background: var(--shop-color-surface); }
.catalog-skeleton__card:nth-child(n+3) { display: none; }
@media (min-width: ${twoColumnsFrom}px) {
  .catalog-skeleton { grid-template-columns: repeat(2, 1fr); grid-auto-flow: column; grid-template-rows: auto auto; }
  .catalog-skeleton__card:nth-child(-n+4) { display: block; }
}
@media (min-width: ${ownColumnsFrom}px) {
  .catalog-skeleton[data-columns="3"] { grid-template-columns: repeat(3, 1fr); }
  .catalog-skeleton__card { display: block; }
}
.catalog-packages__type h2 { margin-top: var(--shop-space-xl); }
.catalog-packages__list { list-style: none; margin: 0; padding: 0; display: grid; gap: ${columnGap}px; grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--shop-size-column)), 1fr)); }
.catalog-waitlist-slot { display: contents; }
.catalog-waitlist { display: flex; flex-direction: column; gap: var(--shop-space-sm); padding: var(--shop-space-md); border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius);
  background: var(--shop-color-surface); }
.catalog-waitlist__title { margin: 0; font-weight: 700; }
.catalog-waitlist__intro { margin: 0; font-size: var(--shop-font-size-sm); }
.catalog-waitlist__actions { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); }
.catalog-page.catalog-waitlist-page { max-width: var(--shop-size-reading); }
`;
