import type { Load } from '@shop/shared';

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
