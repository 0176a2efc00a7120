/** Styles of the account area, rendered once through React 19's hoisted <style> (no CSS files across remotes). */
export const accountCss = `
.account-page { padding-block: var(--shop-space-xl) var(--shop-space-3xl); }
.account-page.account-page--narrow { max-width: var(--shop-size-narrow); }
.account-form { display: grid; gap: var(--shop-space-2xs); }
.account-form__row { display: grid; gap: 0 var(--shop-space-lg); grid-template-columns: 1fr; }
@media (min-width: 768px) { .account-form__row { grid-template-columns: 1fr 1fr; } }
.account-form__actions { display: flex; flex-wrap: wrap; gap: var(--shop-space-md); align-items: center; margin-top: var(--shop-space-sm); }
.account-field__hint { color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); }
.account-field__required { color: var(--shop-color-alert); }
.account-check { display: flex; gap: var(--shop-space-sm); align-items: center; margin: var(--shop-space-sm) 0 var(--shop-space-lg); }
.account-check input { width: var(--shop-control); height: var(--shop-control); }
.account-links { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm) var(--shop-space-xl); margin-top: var(--shop-space-lg); }
.account-login-link { margin-top: var(--shop-space-xl); padding-top: var(--shop-space-lg); border-top: var(--shop-border-width) solid var(--shop-color-border); }
.account-login-link h2 { margin: 0 0 var(--shop-space-xs); font-size: var(--shop-font-size-lg); }
.account-layout { display: grid; gap: var(--shop-space-xl); grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (min-width: 1024px) { .account-layout { grid-template-columns: var(--shop-size-nav) minmax(0, 1fr); } }
.account-nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: var(--shop-space-sm); }
@media (min-width: 1024px) { .account-nav ul { flex-direction: column; } }
.account-nav a, .account-nav button { display: block; width: 100%; padding: var(--shop-space-sm) var(--shop-space-md); border-radius: var(--shop-radius); text-decoration: none; font: inherit; text-align: left;
  border: var(--shop-border-width) solid var(--shop-color-border); background: var(--shop-color-bg); color: var(--shop-color-text); cursor: pointer; }
.account-nav a[aria-current="page"] { background: var(--shop-color-primary); border-color: var(--shop-color-primary); color: var(--shop-color-on-primary); font-weight: 600; }
.account-data { display: grid; gap: var(--shop-space-xl); grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (min-width: 1140px) { .account-data { grid-template-columns: minmax(0, 1fr) var(--shop-size-sidebar); } }
.account-data section + section { margin-top: var(--shop-space-xl); }
.account-badge { display: inline-block; min-width: 2.5em; padding: var(--shop-space-3xs) var(--shop-space-sm); border-radius: var(--shop-radius-pill); background: var(--shop-color-primary-dark); color: var(--shop-color-on-primary); font-weight: 700; text-align: center; }
.account-panel dl { display: grid; grid-template-columns: 1fr auto; gap: var(--shop-space-xs) var(--shop-space-md); margin: 0; }
.account-panel dd { margin: 0; font-weight: 600; text-align: right; }
.account-orders { list-style: none; padding: 0; margin: 0; display: grid; gap: var(--shop-space-lg); grid-template-columns: minmax(0, 1fr); }
.account-order__head { display: flex; flex-wrap: wrap; gap: var(--shop-space-sm) var(--shop-space-xl); align-items: baseline; justify-content: space-between; }
.account-order__head h2 { margin: 0; font-size: var(--shop-font-size-xl); }
.account-order__facts { display: flex; flex-wrap: wrap; gap: var(--shop-space-2xs) var(--shop-space-xl); margin: var(--shop-space-sm) 0; padding: 0; }
.account-order__facts div { display: flex; gap: var(--shop-space-xs); }
.account-order__facts dt { color: var(--shop-color-muted); }
.account-order__facts dd { margin: 0; font-weight: 600; }
.account-status { font-weight: 700; }
.account-status--success { color: var(--shop-color-success); }
.account-status--warning { color: var(--shop-color-warning); }
.account-status--alert { color: var(--shop-color-alert); }
.account-order details { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); padding: var(--shop-space-sm) var(--shop-space-md); margin: var(--shop-space-sm) 0; }
.account-order summary { cursor: pointer; font-weight: 600; }
.account-order__grid { display: grid; gap: var(--shop-space-lg); grid-template-columns: minmax(0, 1fr); margin-top: var(--shop-space-md); }
@media (min-width: 768px) { .account-order__grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
.account-order h3 { font-size: var(--shop-font-size-md); margin: 0 0 var(--shop-space-2xs); }
.account-order address { font-style: normal; }
.account-table { width: 100%; border-collapse: collapse; }
.account-table th, .account-table td { text-align: left; padding: var(--shop-space-sm); border-bottom: var(--shop-border-width) solid var(--shop-color-border); }
.account-level__current { font-size: var(--shop-font-size-2xl); }
.account-fieldset { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); padding: var(--shop-space-sm) var(--shop-space-lg); margin: 0 0 var(--shop-space-lg); }
.account-receipt dl > div { display: grid; grid-template-columns: minmax(0, 1fr); gap: var(--shop-space-2xs) var(--shop-space-lg); padding: var(--shop-space-xs) 0; border-bottom: var(--shop-border-width) solid var(--shop-color-border); }
/* The label column beside the value only where both fit: at 320 px its 15rem left the value 32 px, letter by letter (WCAG 1.4.10). */
@media (min-width: 768px) { .account-receipt dl > div { grid-template-columns: minmax(var(--shop-size-column), 1fr) 2fr; } }
.account-receipt dt { font-weight: bold; }
.account-receipt dd { margin: 0; overflow-wrap: anywhere; }
`;
