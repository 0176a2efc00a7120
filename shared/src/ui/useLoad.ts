import { useEffect, useState } from 'react';

export type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string; error: unknown } | { status: 'done'; data: T };

/**
 * The one data-loading hook of the shop: runs `load` whenever `key` changes and tells loading, error and data
 * apart. A run that a newer key (or unmounting) made obsolete is aborted through its signal, and its result
 * dropped. `key` is a string so callers can pass a serialised filter without memoising objects.
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
        // Kept as a message; screens show a translated notice (docs/product-rules.md#errors).
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error), error });
      },
    );
    return () => controller.abort();
    // `load` is recreated on every render; `key` says when its inputs changed, so it alone is the dependency.
  }, [key]);
  return state;
}
