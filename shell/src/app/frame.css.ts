/**
 * The page frame's own rules. `main` is at least a screen tall, so the footer starts below the first screen
 * while an area loads and never jumps when its content arrives; `flow-root` keeps a child's top margin inside
 * `main`, so the loading notice and the area's page start at the same height (no layout shift, see
 * docs/decisions/0036-screenshots-and-layout-shift.md). The minimum height is left out in a frame: there the
 * page reports its content's height to the parent, which a screen-tall minimum would pin. The area notice keeps to
 * the content edge every page shares (docs/decisions/0061-one-content-edge-and-a-two-row-phone-header.md).
 */
export const frameCss = `
.shell-main { display: flow-root; }
.shell-main--screen { min-height: 100vh; }
.shell-area-notice { margin-block: 0; padding-block: var(--shop-space-xl); }
.shell-footer-essentials { display: flex; flex-wrap: wrap; align-items: center; gap: 0 var(--shop-space-xl); padding-inline-end: var(--shop-space-xl); }
`;
