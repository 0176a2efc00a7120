/**
 * Resolves when `promise` settles or `ms` have passed, whichever comes first; never rejects. For a first paint
 * that waits for something it would rather show, but never longer than a bound (the shell for the area of the
 * address, an area for its first screen's data: docs/performance.md#the-first-screens-path).
 */
export function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
