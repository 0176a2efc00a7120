/**
 * A success notice the next page shows once: after a logout, a new password, a changed e-mail address.
 * The page that did it navigates with `pageNoticeState(…)`; the shell shows the notice above the next page and it
 * goes with the next navigation, since it lives in that history entry's state. Texts: `common.pageNotice.*`.
 */
export const pageNotices = ['loggedOut', 'passwordChanged', 'emailChanged'] as const;
export type PageNotice = (typeof pageNotices)[number];

/** The navigation state that carries `notice` to the next page. */
export const pageNoticeState = (notice: PageNotice) => ({ pageNotice: notice });

/** The notice a history entry's state carries, or null. */
export function pageNoticeOf(state: unknown): PageNotice | null {
  const notice = (state as { pageNotice?: unknown } | null)?.pageNotice;
  return pageNotices.find((known) => known === notice) ?? null;
}
