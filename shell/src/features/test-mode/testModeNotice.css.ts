/**
 * A slim bar fixed to the bottom of the viewport: it appears when the mode arrives without moving anything
 * already on screen (no layout shift), and the spacer at the end of the page keeps the footer reachable above it.
 */
export const testModeNoticeCss = `
.shell-test-notice { position: fixed; inset: auto 0 0 0; z-index: 40; margin: 0; padding: var(--shop-space-xs) var(--shop-space-lg); min-height: var(--shop-bar-height);
  background: var(--shop-color-warning); color: var(--shop-color-on-primary); font-size: var(--shop-font-size-sm); font-weight: 600; line-height: calc(var(--shop-bar-height) - 2 * var(--shop-space-xs)); text-align: center; }
.shell-test-notice p { margin: 0; }
.shell-test-notice__spacer { height: var(--shop-bar-height); background: var(--shop-color-surface); }
/* What sticks to the bottom of the screen (the cart's total, the filter sheet) sits above the bar. */
:root:has(.shell-test-notice) { --shop-overlay-bottom: var(--shop-bar-height); }
`;
