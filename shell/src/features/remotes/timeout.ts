/**
 * How long the shell waits for what composes a page (docs/decisions/0015-runtime-remotes.md): a remote's entry and
 * routes wait for the composition's `timeoutMs` (remotes.json), the read of remotes.json itself for the `timeoutMs`
 * of the composition the page already has, or this default while it has none. One rule for both, so a server that
 * takes the request and never answers always ends in the area notice with its retry, never in a loading notice that
 * stays.
 */
export const defaultTimeoutMs = 8000;

/** Rejects after `ms` (and calls `onTimeout`, e.g. to abort the request): a server that never answers must not hang the shell. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${what} did not answer within ${ms} ms`));
      onTimeout?.();
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
