import { useEffect, useState } from 'react';

export type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; data: T };

/**
 * Runs `load` whenever `key` changes, cancelling the run a newer key made obsolete (its result is dropped).
 * `key` is a string so callers can pass a serialised filter without memoising objects.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'done', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // docs/product-rules.md#errors: loading errors are kept as a message (the screen shows a translated notice).
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
    // `load` is recreated on every render; `key` says when its inputs changed, so it alone is the dependency.
  }, [key]);
  return state;
}

/** Several loads as one: loading while any loads, failed when any failed, else all data. */
export function combineLoads<T extends unknown[]>(...loads: { [K in keyof T]: Load<T[K]> }): Load<T> {
  const failed = loads.find((l) => l.status === 'error');
  if (failed) return failed as Load<T>;
  if (loads.some((l) => l.status === 'loading')) return { status: 'loading' };
  return { status: 'done', data: loads.map((l) => (l as { data: unknown }).data) as T };
}

/** The data of a finished load, transformed; loading and error pass through. */
export function mapLoad<T, U>(load: Load<T>, transform: (data: T) => U): Load<U> {
  return load.status === 'done' ? { status: 'done', data: transform(load.data) } : load;
}
