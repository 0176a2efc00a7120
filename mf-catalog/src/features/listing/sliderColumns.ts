/**
 * How the slider brings its columns in (docs/decisions/0045-early-reads-and-lighter-start.md,
 * docs/decisions/0048-first-columns-fit-the-screen.md): the first columns, two views of the layout the window
 * shows, get their cards with the first commit; the others get theirs `columnsPerStep` at a time after it.
 */

/** The slider's layouts (docs/product-rules.md#screens): 1 column, 2 from 768 px, its own count from 1140 px. */
export const twoColumnsFrom = 768;
export const ownColumnsFrom = 1140;

/** The columns one view of the slider shows in a window `width` px wide. */
export function columnsInView(width: number, columns: 2 | 3): number {
  if (width >= ownColumnsFrom) return columns;
  return width >= twoColumnsFrom ? 2 : 1;
}

/**
 * The columns that come with the first commit: the view on screen and the next one, so the first swipe finds
 * cards. On a phone that is 2 columns (4 cards), not the 6 a wide window needs: the first cards paint after a
 * commit of a third of the work.
 */
export const firstColumnsFor = (width: number, columns: 2 | 3): number => 2 * columnsInView(width, columns);

/** The most columns a first commit brings: those are always laid out (catalog.css.ts). */
export const firstColumnsAtMost = firstColumnsFor(ownColumnsFrom, 3);

/** One view of the widest layout: a small enough commit for a phone's frame budget. */
export const columnsPerStep = 3;
