/** Styles of the account area, rendered once through React 19's hoisted <style> (no CSS files across remotes). */
export const accountCss = `
.account-page { max-width: 1140px; margin: 0 auto; padding: 24px 16px 48px; }
.account-page--narrow { max-width: 560px; }
.account-page h1:focus { outline: none; }
.account-page h1:focus-visible { outline: 3px solid var(--shop-color-focus); }
.account-form { display: grid; gap: 4px; }
.account-form__row { display: grid; gap: 0 16px; grid-template-columns: 1fr; }
@media (min-width: 768px) { .account-form__row { grid-template-columns: 1fr 1fr; } }
.account-form__actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-top: 8px; }
.account-links { display: flex; flex-wrap: wrap; gap: 8px 24px; margin-top: 16px; }
.account-layout { display: grid; gap: 24px; grid-template-columns: 1fr; align-items: start; }
@media (min-width: 1024px) { .account-layout { grid-template-columns: 220px 1fr; } }
.account-nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
@media (min-width: 1024px) { .account-nav ul { flex-direction: column; } }
.account-nav a, .account-nav button { display: block; width: 100%; padding: 10px 14px; border-radius: var(--shop-radius); text-decoration: none; font: inherit; text-align: left;
  border: 1px solid var(--shop-color-border); background: var(--shop-color-bg); color: var(--shop-color-text); cursor: pointer; }
.account-nav a[aria-current="page"] { background: var(--shop-color-primary); border-color: var(--shop-color-primary); color: var(--shop-color-on-primary); font-weight: 600; }
.account-data { display: grid; gap: 24px; grid-template-columns: 1fr; align-items: start; }
@media (min-width: 1140px) { .account-data { grid-template-columns: 1fr 300px; } }
.account-data section + section { margin-top: 24px; }
.account-badge { display: inline-block; min-width: 2.5em; padding: 2px 10px; border-radius: 999px; background: var(--shop-color-primary-dark); color: var(--shop-color-on-primary); font-weight: 700; text-align: center; }
.account-panel dl { display: grid; grid-template-columns: 1fr auto; gap: 6px 12px; margin: 0; }
.account-panel dd { margin: 0; font-weight: 600; text-align: right; }
.account-orders { list-style: none; padding: 0; margin: 0; display: grid; gap: 16px; }
.account-order__head { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: baseline; justify-content: space-between; }
.account-order__head h2 { margin: 0; font-size: 1.25rem; }
.account-order__facts { display: flex; flex-wrap: wrap; gap: 4px 24px; margin: 8px 0; padding: 0; }
.account-order__facts div { display: flex; gap: 6px; }
.account-order__facts dt { color: var(--shop-color-muted); }
.account-order__facts dd { margin: 0; font-weight: 600; }
.account-status { font-weight: 700; }
.account-status--success { color: var(--shop-color-success); }
.account-status--warning { color: var(--shop-color-warning); }
.account-status--alert { color: var(--shop-color-alert); }
.account-order details { border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); padding: 8px 12px; margin: 8px 0; }
.account-order summary { cursor: pointer; font-weight: 600; }
.account-order__grid { display: grid; gap: 16px; grid-template-columns: 1fr; margin-top: 12px; }
@media (min-width: 768px) { .account-order__grid { grid-template-columns: repeat(3, 1fr); } }
.account-order h3 { font-size: 1rem; margin: 0 0 4px; }
.account-order address { font-style: normal; }
.account-table { width: 100%; border-collapse: collapse; }
.account-table th, .account-table td { text-align: left; padding: 8px; border-bottom: 1px solid var(--shop-color-border); }
.account-level__current { font-size: 1.5rem; }
`;
