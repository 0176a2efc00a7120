import type { LinkState } from './useLinkAction.ts';

/**
 * The one status region of a link page (WCAG 4.1.3). It is in the page from the first render and only its content
 * changes, from the loading text to the success notice: some screen readers announce a live region when its content
 * changes but not when it is inserted with its content, as the success banner was, so the success (and the redirect
 * it announces) went unsaid. A failure empties it and shows as an alert beside it, never inside it (no nested live
 * regions).
 */
export function LinkStatus({ state, loading, success }: { state: LinkState; loading: string; success: string }) {
  return (
    <div role="status" className={state === 'success' ? 'shop-banner shop-banner--success' : undefined}>
      {state === 'loading' ? loading : state === 'success' ? success : null}
    </div>
  );
}
