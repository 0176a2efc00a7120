/**
 * How the slider brings its columns in (docs/performance.md#after-the-first-paint): the first columns get their
 * cards with the first commit, the others in steps after it, both sized by the layout the window shows.
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
 * How the slider brings its columns in, in a window `width` px wide: two views with the first commit (the view on
 * screen and the next, so the first swipe finds cards), then one view per step. On a phone that is 2 columns (4
 * cards) first and 1 column per step, not the 6 and 3 a wide window takes: the first cards paint after a third of
 * the work, and each step is a third of the long task it was on a phone's CPU.
 */
export function columnSteps(width: number, columns: 2 | 3): { first: number; perStep: number } {
  const view = columnsInView(width, columns);
  return { first: 2 * view, perStep: view };
}

/** The most columns a first commit brings: those are always laid out (catalog.css.ts). */
export const firstColumnsAtMost = columnSteps(ownColumnsFrom, 3).first;
