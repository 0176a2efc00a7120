/**
 * Whether the focus was dropped to the page: nothing focused, or <body>. A browser puts it there when the focused
 * element is removed or disabled, e.g. a submit button while its form sends. A form that answers after sending
 * hands the focus on only then (docs/decisions/0064-focus-moves-in-layout-effects.md), so that it never pulls the
 * focus away from where the visitor went meanwhile. Inside a shadow root (the partner embed) the document's
 * active element is the host, so a focus within the embed does not count as dropped.
 */
export function focusDropped(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}
