/**
 * How long the first paint waits at most for the area of the address (its routes, and so its first screen):
 * a slow or hanging area gets the frame with its loading notice after this, never a blank page.
 */
export const firstPaintAreaWaitMs = 1000;

/** Resolves when `promise` settles or `ms` have passed, whichever comes first; never rejects. */
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
