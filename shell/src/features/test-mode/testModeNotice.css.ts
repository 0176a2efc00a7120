/**
 * A slim bar fixed to the bottom of the viewport: it appears when the mode arrives without moving anything
 * already on screen (no layout shift), and the spacer at the end of the page keeps the footer reachable above it.
 */
export const testModeNoticeCss = `
.shell-test-notice { position: fixed; inset: auto 0 0 0; z-index: 40; margin: 0; padding: 6px 16px; min-height: 34px;
  background: var(--shop-color-warning); color: var(--shop-color-on-primary); font-size: .95rem; font-weight: 600; line-height: 22px; text-align: center; }
.shell-test-notice p { margin: 0; }
.shell-test-notice__spacer { height: 34px; }
`;
