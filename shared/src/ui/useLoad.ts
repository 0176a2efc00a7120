import { startTransition, useEffect, useRef, useState } from 'react';

export type Load<T> =
  { status: 'loading' } | { status: 'error'; message: string; error: unknown } | { status: 'done'; data: T };

/** A load as a value: the key that says when its inputs changed, and the run itself. */
export interface LoadSpec<T> {
  key: string;
  load: (signal: AbortSignal) => Promise<T>;
}

/**
 * How long an early load (startLoad) waits to be taken. Older answers are dropped and the screen asks again,
 * so places and prices on screen are never older than this when it first shows them.
 */
export const earlyLoadMaxAgeMs = 10_000;

/** A load started before its screen rendered, and its answer once it has come. */
interface EarlyLoad {
  run: Promise<unknown>;
  answer?: Load<unknown>;
  /** Settles (never rejects) once `answer` is set. */
  answered: Promise<void>;
}

/** Loads started before their screen rendered, by key; the screen's first useLoad of that key takes its run. */
const earlyLoads = new Map<string, EarlyLoad>();

/** A failed run as the hook tells it; screens show a translated notice (docs/product-rules.md#errors). */
const failed = (error: unknown): Load<never> => ({
  status: 'error',
  message: error instanceof Error ? error.message : String(error),
  error,
});

/**
 * Starts a screen's load before the screen renders — while its code, texts and frame are still arriving — so its
 * first `useLoad` of the same key takes this run instead of asking again (docs/performance.md#the-first-screens-path).
 * Keys are global to the page (every area shares this module): areas prefix theirs with their name. A key already
 * started is not started twice. Resolves (never rejects) once the answer is in, for a first paint that would rather
 * hold it (docs/performance.md#the-first-screens-path); bound such a wait with settleWithin.
 */
export function startLoad<T>(spec: LoadSpec<T>): Promise<void> {
  const started = earlyLoads.get(spec.key);
  if (started) return started.answered;
  const run = spec.load(new AbortController().signal);
  const early: EarlyLoad = {
    run,
    // Kept for a screen that renders after the answer came (it shows it at once); the failure is shown by the
    // screen, nobody else waits on it.
    answered: run.then(
      (data) => void (early.answer = { status: 'done', data }),
      (error: unknown) => void (early.answer = failed(error)),
    ),
  };
  earlyLoads.set(spec.key, early);
  // Not taken in time: dropped, so the screen asks afresh.
  setTimeout(() => {
    if (earlyLoads.get(spec.key) === early) earlyLoads.delete(spec.key);
  }, earlyLoadMaxAgeMs);
  return early.answered;
}

/** The early run of `key`, once (a later screen of the key asks afresh). */
function takeEarlyLoad(key: string): Promise<unknown> | undefined {
  const early = earlyLoads.get(key);
  earlyLoads.delete(key);
  return early?.run;
}

/** Keys of early loads not taken yet (tests check that a screen took all its early loads). */
export function pendingEarlyLoads(): string[] {
  return [...earlyLoads.keys()];
}

/**
 * The one data-loading hook of the shop: runs `load` whenever `key` changes and tells loading, error and data
 * apart. A run that a newer key (or unmounting) made obsolete is aborted through its signal, and its result
 * dropped. `key` is a string so callers can pass a serialised filter without memoising objects. The first run of
 * a key that startLoad began early takes that run's answer.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  // An early answer that has already come is the first render's state, so the screen's first commit holds its
  // content instead of a loading notice followed by a second render (docs/performance.md#the-first-screens-path).
  const [state, setState] = useState<Load<T>>(
    () => (earlyLoads.get(key)?.answer as Load<T> | undefined) ?? { status: 'loading' },
  );
  // The key whose early answer the first render showed: its effect only takes that run (also when StrictMode
  // runs the effect twice), and a later key loads as usual.
  const shownEarly = useRef(state.status === 'loading' ? undefined : key);
  useEffect(() => {
    if (shownEarly.current === key) {
      takeEarlyLoad(key);
      return;
    }
    shownEarly.current = undefined;
    const controller = new AbortController();
    setState({ status: 'loading' });
    const run = (takeEarlyLoad(key) as Promise<T> | undefined) ?? load(controller.signal);
    run.then(
      (data) => {
        // A transition: a long listing renders in slices, between which the page keeps answering input.
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'done', data }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState(failed(error));
      },
    );
    return () => controller.abort();
    // `load` is recreated on every render; `key` says when its inputs changed, so it alone is the dependency.
  }, [key]);
  return state;
}
