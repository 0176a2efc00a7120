/** Why the question screen sent the visitor back to the start (router state), shown there as a notice. */
export type StartNotice = 'empty' | 'loadFailed';

export const startNoticeState = (notice: StartNotice) => ({ levelTestNotice: notice });

export function readStartNotice(state: unknown): StartNotice | undefined {
  const notice = (state as { levelTestNotice?: unknown } | null)?.levelTestNotice;
  return notice === 'empty' || notice === 'loadFailed' ? notice : undefined;
}
