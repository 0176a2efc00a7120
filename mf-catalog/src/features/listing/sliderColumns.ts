/**
 * How the slider lays out and brings in its pages (docs/performance.md#after-the-first-paint): the first pages get
 * their cards with the first commit, the others in steps after it; a page is one view of the window's columns.
 */

/** The slider's layouts (docs/product-rules.md#screens): 1 column, 2 from 768 px, its own count from 1140 px. */
export const twoColumnsFrom = 768;
export const ownColumnsFrom = 1140;
/** Between the slider's columns, px (docs/product-rules.md#limits: spacing 15). */
export const columnGap = 15;

/** The columns one view of the slider shows in a window `width` px wide. */
export function columnsInView(width: number, columns: 2 | 3): number {
  if (width >= ownColumnsFrom) return columns;
  return width >= twoColumnsFrom ? 2 : 1;
}

/**
 * How the slider brings its pages in (a page is one view, CardSlider's inPages): two with the first commit (the view
 * on screen and the next, so the first swipe finds cards), then one per step. On a phone that is 4 cards first and 2
 * per step, not the 12 and 6 a wide window takes.
 */
export const pageSteps = { first: 2, perStep: 1 } as const;
