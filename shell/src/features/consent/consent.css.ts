export const consentCss = `
.shell-consent { position: fixed; inset: auto 0 0 0; z-index: 50; max-height: 80vh; overflow: auto; padding: 20px 24px;
  background: var(--shop-color-bg); border-top: 3px solid var(--shop-color-primary); box-shadow: 0 -4px 16px rgba(0,0,0,.15); }
.shell-consent__inner { max-width: 1140px; margin: 0 auto; }
.shell-consent h2 { margin: 0 0 8px; font-size: 1.25rem; }
.shell-consent h2:focus { outline: none; }
.shell-consent h2:focus-visible { outline: 3px solid var(--shop-color-focus); }
.shell-consent__actions { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 16px; }
.shell-consent__actions .shop-button { flex: 1 1 200px; }
.shell-consent fieldset { border: 1px solid var(--shop-color-border); border-radius: var(--shop-radius); margin: 12px 0 0; padding: 12px 16px; }
.shell-consent legend { font-weight: 600; padding: 0 4px; }
.shell-consent__purpose { display: grid; grid-template-columns: auto 1fr; gap: 0 10px; align-items: start; padding: 8px 0; }
.shell-consent__purpose input { width: 22px; height: 22px; margin: 2px 0 0; }
.shell-consent__purpose label { font-weight: 600; }
.shell-consent__purpose p { grid-column: 2; margin: 2px 0 0; color: var(--shop-color-muted); }
`;
