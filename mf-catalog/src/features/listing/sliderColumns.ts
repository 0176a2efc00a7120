/**
 * How the slider brings its columns in (docs/decisions/0045-early-reads-and-lighter-start.md): the first
 * `firstColumns` (two views of the widest layout, 3 columns) get their cards with the first commit and are always
 * laid out; the others get theirs `columnsPerStep` at a time after it, and skip layout while out of view.
 */
export const firstColumns = 6;
/** One view of the widest layout: a small enough commit for a phone's frame budget. */
export const columnsPerStep = 3;
