/** Styles of the shared primitives; rendered once per page through React 19's hoisted <style>. */
export const primitivesCss = `
.shop-button { display: inline-flex; align-items: center; justify-content: center; gap: 6px; min-height: 44px; padding: 10px 18px;
  border-radius: var(--shop-radius); border: 2px solid var(--shop-color-primary); font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; }
.shop-button--primary { background: var(--shop-color-primary); color: var(--shop-color-on-primary); }
.shop-button--primary:hover { background: var(--shop-color-primary-dark); border-color: var(--shop-color-primary-dark); }
.shop-button--secondary { background: transparent; color: var(--shop-color-primary-dark); }
.shop-button:disabled { opacity: .6; cursor: not-allowed; }
.shop-banner { padding: 12px 16px; border-radius: var(--shop-radius); border-left: 6px solid; background: var(--shop-color-surface); margin: 12px 0; }
.shop-banner--info { border-color: var(--shop-color-focus); }
.shop-banner--success { border-color: var(--shop-color-success); }
.shop-banner--warning { border-color: var(--shop-color-warning); }
.shop-banner--alert { border-color: var(--shop-color-alert); }
.shop-card { border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); padding: 16px; background: var(--shop-color-bg); }
.shop-field { display: flex; flex-direction: column; gap: 4px; margin-bottom: 12px; }
.shop-field label { font-weight: 600; }
.shop-field input, .shop-field select, .shop-field textarea { font: inherit; padding: 10px; border: 1px solid var(--shop-color-muted); border-radius: var(--shop-radius); }
.shop-field [aria-invalid="true"] { border-color: var(--shop-color-alert); }
.shop-field__error { color: var(--shop-color-alert); font-size: .95em; }
.shop-field__hint { color: var(--shop-color-muted); font-size: .95em; }
.shop-field__required { color: var(--shop-color-alert); }
.shop-check { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; margin: 8px 0; }
.shop-check input { width: 20px; height: 20px; margin-top: 2px; }
.shop-check label { flex: 1; }
.shop-check .shop-field__error { flex-basis: 100%; }
`;
