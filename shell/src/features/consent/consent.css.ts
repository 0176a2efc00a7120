export const consentCss = `
.shell-consent { position: fixed; inset: auto 0 0 0; z-index: 50; max-height: 80vh; overflow: auto; padding: var(--shop-space-xl) var(--shop-space-xl);
  background: var(--shop-color-bg); border-top: var(--shop-border-width-accent) solid var(--shop-color-primary); box-shadow: var(--shop-shadow-raised); }
.shell-consent__inner { max-width: var(--shop-content-width); margin: 0 auto; }
.shell-consent h2 { margin: 0 0 var(--shop-space-sm); font-size: var(--shop-font-size-xl); }
.shell-consent__actions { display: flex; flex-wrap: wrap; gap: var(--shop-space-md); margin-top: var(--shop-space-lg); }
.shell-consent__actions .shop-button { flex: 1 1 var(--shop-size-column); }
.shell-consent fieldset { border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius); margin: var(--shop-space-md) 0 0; padding: var(--shop-space-md) var(--shop-space-lg); }
.shell-consent legend { font-weight: 600; padding: 0 var(--shop-space-2xs); }
.shell-consent__purpose { display: grid; grid-template-columns: auto 1fr; gap: 0 var(--shop-space-sm); align-items: start; padding: var(--shop-space-sm) 0; }
.shell-consent__purpose input { width: var(--shop-control); height: var(--shop-control); margin: var(--shop-space-3xs) 0 0; }
.shell-consent__purpose label { font-weight: 600; }
.shell-consent__purpose p { grid-column: 2; margin: var(--shop-space-3xs) 0 0; color: var(--shop-color-muted); }
`;
