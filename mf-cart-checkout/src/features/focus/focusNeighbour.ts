/**
 * Where focus goes when the control that has it is about to disappear (WCAG 2.4.3 focus order): a removed cart
 * line, a removed discount code, a dismissed notice. Left alone, the browser drops focus to <body> and a keyboard
 * or screen-reader user starts again at the top of the page.
 *
 * Call it before the removal, from the control's own click handler: focus moves to the same control (`selector`)
 * of the next item among `item`'s siblings, else of the previous one, else to `fallback()` (the code input, the
 * page heading). The neighbour stays mounted, so focus never passes through <body>.
 */
export function focusNeighbour(item: Element | null, selector: string, fallback: () => HTMLElement | null): void {
  const inSibling = (sibling: Element | null) => sibling?.querySelector<HTMLElement>(selector) ?? null;
  const target =
    inSibling(item?.nextElementSibling ?? null) ?? inSibling(item?.previousElementSibling ?? null) ?? fallback();
  if (!target) return;
  // A heading is not focusable by itself; -1 keeps it out of the tab order (as the shell's usePageHeading does).
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/** The page's main heading around `element` (the cart's or the checkout's `<h1>`), the last resort for focus. */
export function pageHeadingOf(element: Element | null): HTMLElement | null {
  for (let section = element?.closest('section'); section; section = section.parentElement?.closest('section'))
    if (section.querySelector('h1')) return section.querySelector<HTMLElement>('h1');
  return null;
}
