/** Styles of the shared primitives; rendered once per page through React 19's hoisted <style>. */
export const primitivesCss = `
/* The one content edge every page shares with the header and the footer: the content width, centred, the gutter at its
   sides (docs/decisions/0061-one-content-edge-and-a-two-row-phone-header.md). A page adds only its own top and bottom. */
.shop-page { max-width: var(--shop-content-width); margin-inline: auto; padding-inline: var(--shop-gutter); }
.shop-button { display: inline-flex; align-items: center; justify-content: center; gap: var(--shop-space-xs); min-height: var(--shop-tap);
  padding: var(--shop-space-sm) var(--shop-space-lg); border-radius: var(--shop-radius); border: var(--shop-border-width-strong) solid var(--shop-color-primary);
  font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; text-align: center; max-width: 100%; }
.shop-button--primary { background: var(--shop-color-primary); color: var(--shop-color-on-primary); }
.shop-button--primary:hover { background: var(--shop-color-primary-dark); border-color: var(--shop-color-primary-dark); }
.shop-button--secondary { background: var(--shop-color-bg); color: var(--shop-color-primary-dark); }
.shop-button--secondary:hover { background: var(--shop-color-primary-soft); }
.shop-button:disabled { opacity: .6; cursor: not-allowed; }
.shop-banner { padding: var(--shop-space-md) var(--shop-space-lg); border-radius: var(--shop-radius); border-left: var(--shop-space-xs) solid;
  background: var(--shop-color-surface); margin: var(--shop-space-md) 0; }
.shop-banner--info { border-color: var(--shop-color-focus); }
.shop-banner--success { border-color: var(--shop-color-success); }
.shop-banner--warning { border-color: var(--shop-color-warning); }
.shop-banner--alert { border-color: var(--shop-color-alert); }
.shop-card { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); padding: var(--shop-space-lg); background: var(--shop-color-bg); }
.shop-offer-card { display: flex; flex-direction: column; gap: var(--shop-space-sm); width: 100%; box-sizing: border-box; }
.shop-offer-card__title { margin: 0; font-size: var(--shop-font-size-lg); }
.shop-offer-card__level { display: inline-block; margin-right: var(--shop-space-xs); padding: 0 var(--shop-space-xs); border-radius: var(--shop-radius); background: var(--shop-color-primary); color: var(--shop-color-on-primary); }
.shop-offer-card__facts { margin: 0; display: grid; gap: var(--shop-space-2xs); }
.shop-offer-card__facts > div { display: flex; flex-wrap: wrap; gap: 0 var(--shop-space-sm); }
.shop-offer-card__facts dt { font-weight: 600; }
.shop-offer-card__facts dt::after { content: ":"; }
.shop-offer-card__facts dd { margin: 0; }
.shop-offer-card__vat { display: block; color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); }
.shop-offer-card .shop-button { margin-top: auto; }
.shop-field { display: flex; flex-direction: column; gap: var(--shop-space-2xs); margin-bottom: var(--shop-space-md); min-width: 0; }
.shop-field label { font-weight: 600; }
.shop-field input, .shop-field select, .shop-field textarea { font: inherit; min-height: var(--shop-tap); padding: var(--shop-space-sm); max-width: 100%;
  background: var(--shop-color-bg); color: var(--shop-color-text);
  border: var(--shop-border-width) solid var(--shop-color-border-strong); border-radius: var(--shop-radius); }
.shop-field :is(input, select, textarea):is(:disabled, [readonly]) { background: var(--shop-color-surface); }
.shop-field [aria-invalid="true"] { border-color: var(--shop-color-alert); }
.shop-field__error { color: var(--shop-color-alert); font-size: var(--shop-font-size-sm); }
.shop-field__hint { color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); }
.shop-field__required { color: var(--shop-color-alert); }
.shop-check { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); align-items: flex-start; margin: var(--shop-space-sm) 0; }
.shop-check input { width: var(--shop-control); height: var(--shop-control); margin-top: var(--shop-space-3xs); }
.shop-check label { flex: 1; }
.shop-check .shop-field__error { flex-basis: 100%; }
.shop-price-line dl, .shop-price-summary dl { margin: 0; }
.shop-price-row { display: flex; justify-content: space-between; gap: var(--shop-space-sm); }
.shop-price-row dd { margin: 0; white-space: nowrap; font-variant-numeric: tabular-nums; }
/* The amount never wraps, so the label must: 'Gutschein' and a code of 20 characters would push the row past 320 px
   (WCAG 1.4.10). min-width: 0 lets the flex item shrink below its longest word, overflow-wrap breaks the code. */
.shop-price-row dt { min-width: 0; overflow-wrap: anywhere; }
.shop-price-row--discount { color: var(--shop-color-success); }
.shop-price-row--pay, .shop-price-row--total { font-weight: 700; }
.shop-price-row--total { border-top: var(--shop-border-width-strong) solid var(--shop-color-text); padding-top: var(--shop-space-xs); margin-top: var(--shop-space-xs); }
.shop-price-line__vat, .shop-price-summary__vat { color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); margin: var(--shop-space-2xs) 0 0; }
`;
