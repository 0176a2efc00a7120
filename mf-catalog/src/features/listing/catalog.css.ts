/** Styles of the catalog screens; rendered once per page through React 19's hoisted <style>. */
export const catalogCss = `
.catalog-page { max-width: 1140px; margin: 0 auto; padding: 24px; }
.catalog-hint { color: var(--shop-color-muted); }
.catalog-status { font-weight: 600; }
.catalog-slider { position: relative; }
.catalog-slider__controls { display: flex; justify-content: flex-end; gap: 8px; margin-bottom: 8px; }
.catalog-slider__nav { min-width: 44px; min-height: 44px; border-radius: 50%; border: 2px solid var(--shop-color-primary-dark); background: var(--shop-color-bg);
  color: var(--shop-color-primary-dark); font-size: 1.4rem; line-height: 1; cursor: pointer; }
.catalog-slider__nav:disabled { border-color: var(--shop-color-border); color: var(--shop-color-muted); cursor: default; }
.catalog-slider__nav.swiper-button-lock { display: none; }
/* Grid gives slides a height relative to a fixed-height slider; ours grows with its cards, rows align by stretching. */
.catalog-slider .swiper-slide { height: auto !important; display: flex; }
.catalog-card { flex: 1; display: flex; flex-direction: column; gap: 8px; padding: 16px; border: 1px solid var(--shop-color-border);
  border-radius: var(--shop-radius); background: var(--shop-color-bg); }
.catalog-card__pretitle { margin: 0; color: var(--shop-color-muted); font-size: .9em; text-transform: uppercase; letter-spacing: .03em; }
.catalog-card__title { margin: 0; font-size: 1.2rem; }
.catalog-card__level, .catalog-card__short { margin: 0; }
.catalog-card__tag { display: inline-block; padding: 2px 8px; border-radius: 4px; background: var(--shop-color-primary-dark); color: #fff; font-weight: 700; }
.catalog-card__facts { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; }
.catalog-card__facts dt { color: var(--shop-color-muted); }
.catalog-card__facts dd { margin: 0; }
.catalog-card__price del { color: var(--shop-color-muted); }
.catalog-card__details-toggle { align-self: flex-start; background: none; border: none; padding: 8px 0; min-height: 44px; font: inherit;
  color: var(--shop-color-primary-dark); text-decoration: underline; cursor: pointer; }
.catalog-card__details-panel { padding: 8px 12px; background: var(--shop-color-surface); border-radius: var(--shop-radius); }
.catalog-card__actions { margin-top: auto; display: flex; flex-direction: column; gap: 8px; }
.catalog-occupancy { margin: 0; display: flex; align-items: center; gap: 8px; }
.catalog-occupancy__dot { width: 12px; height: 12px; border-radius: 50%; flex: none; border: 1px solid var(--shop-color-text); }
.catalog-occupancy--open .catalog-occupancy__dot { background: #1a7f37; }
.catalog-occupancy--normal .catalog-occupancy__dot { background: #9a6700; }
.catalog-occupancy--low .catalog-occupancy__dot { background: #bc4c00; }
.catalog-occupancy--full .catalog-occupancy__dot { background: #b3261e; }
.catalog-slots { border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); margin: 0; padding: 8px 12px; }
.catalog-slots legend { font-weight: 600; padding: 0 4px; }
.catalog-slots__hint { margin: 0 0 4px; font-size: .9em; color: var(--shop-color-muted); }
.catalog-slot { display: flex; gap: 8px; align-items: center; min-height: 44px; cursor: pointer; }
.catalog-slot input { width: 20px; height: 20px; }
.catalog-slots__error { margin: 0; color: var(--shop-color-alert); font-weight: 600; }
.catalog-filter { margin: 16px 0; }
.catalog-filter__bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.catalog-filter__panel { margin-top: 12px; padding: 16px; border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); }
.catalog-filter__categories { display: grid; gap: 12px; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); }
.catalog-filter__category { border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); margin: 0; padding: 8px 12px; }
.catalog-filter__category legend { font-weight: 600; padding: 0 4px; }
.catalog-filter__option { display: flex; gap: 8px; align-items: center; min-height: 32px; }
.catalog-filter__option input { width: 18px; height: 18px; }
.catalog-filter__clear-category { background: none; border: none; padding: 4px 0; font: inherit; color: var(--shop-color-primary-dark); text-decoration: underline; cursor: pointer; min-height: 32px; }
.catalog-filter__range { display: flex; flex-direction: column; gap: 4px; margin: 12px 0; max-width: 260px; }
.catalog-filter__range label { font-weight: 600; }
.catalog-filter__range select { font: inherit; padding: 8px; border: 1px solid var(--shop-color-muted); border-radius: var(--shop-radius); }
.catalog-filter__actions { display: flex; flex-wrap: wrap; gap: 8px; }
.catalog-waitlist { display: flex; flex-direction: column; gap: 8px; padding: 12px; border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius);
  background: var(--shop-color-surface); }
.catalog-waitlist__title { margin: 0; font-weight: 700; }
.catalog-waitlist__intro { margin: 0; font-size: .9em; }
.catalog-waitlist__actions { display: flex; flex-wrap: wrap; gap: 8px; }
.catalog-waitlist-page { max-width: 720px; }
`;
