/**
 * Design tokens as CSS custom properties. Colours are chosen for WCAG 2.1 AA contrast on white
 * (text ≥ 4.5:1, large text and UI parts ≥ 3:1).
 */
export const tokensCss = `
:root {
  --shop-color-text: #1f2328;
  --shop-color-muted: #57606a;
  --shop-color-bg: #ffffff;
  --shop-color-surface: #f6f7f9;
  --shop-color-border: #d0d7de;
  --shop-color-primary: #b3261e;
  --shop-color-primary-dark: #8c1d18;
  --shop-color-on-primary: #ffffff;
  --shop-color-success: #1a7f37;
  --shop-color-warning: #7d4e00;
  --shop-color-alert: #b3261e;
  --shop-color-focus: #0969da;
  --shop-radius: 8px;
  --shop-space: 8px;
  --shop-font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font-family: var(--shop-font); color: var(--shop-color-text); background: var(--shop-color-bg); line-height: 1.5; }
a { color: var(--shop-color-primary-dark); }
:focus-visible { outline: 3px solid var(--shop-color-focus); outline-offset: 2px; }
.shop-skip-link { position: absolute; left: -9999px; top: 0; z-index: 100; padding: 12px 16px; background: var(--shop-color-bg); }
.shop-skip-link:focus { left: 8px; top: 8px; }
.shop-visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;
