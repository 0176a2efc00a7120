import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryOrReload } from './loadArea.ts';

/** Whether `promise` has settled once everything already queued has run. */
const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20)),
  ]);

afterEach(() => vi.restoreAllMocks());

describe('retryOrReload', () => {
  it('takes what loading again in the page brings, without reloading', async () => {
    const reloadPage = vi.fn();
    await expect(retryOrReload(async () => ['routes'], reloadPage)).resolves.toEqual(['routes']);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads the page when loading again in the page fails, and stays pending until the reload replaces it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reloadPage = vi.fn();
    const retry = retryOrReload(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      reloadPage,
    );
    expect(await settled(retry)).toBe(false);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
