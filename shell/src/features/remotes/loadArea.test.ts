import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedVersion } from '@shop/shared';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/runtime', () => runtime);

const composition = (timeoutMs: number) => ({
  timeoutMs,
  remotes: Object.fromEntries(
    ['catalog', 'cartCheckout', 'account', 'levelTest'].map((area) => [area, `https://${area}.example/remoteEntry.js`]),
  ),
  areas: Object.fromEntries(
    ['catalog', 'cartCheckout', 'account', 'levelTest'].map((area) => [
      area,
      { version: '1.0.0', shared: `^${sharedVersion}`, paths: [`/${area}`] },
    ]),
  ),
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
  runtime.loadRemote.mockReset();
});

describe('loadAreaRoutes', () => {
  it("gives up on a retry whose remotes.json read hangs, after the same timeout as the remote's entry", async () => {
    const routes = [{ path: '/catalog' }];
    const fetchMock = vi.fn().mockResolvedValueOnce(Response.json(composition(2000)));
    vi.stubGlobal('fetch', fetchMock);
    runtime.loadRemote.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const { loadAreaRoutes } = await import('./loadArea.ts');
    const { ManifestUnreadable } = await import('./manifest.ts');
    await expect(loadAreaRoutes('catalog')).rejects.toThrow(/Failed to fetch/);

    // The retry reads remotes.json afresh (record 0032); the server takes the request and never answers.
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    vi.useFakeTimers();
    const retried = loadAreaRoutes('catalog', { retry: true });
    retried.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(retried).rejects.toBeInstanceOf(ManifestUnreadable);

    // A later retry that gets its answer loads the area.
    fetchMock.mockImplementation(() => Promise.resolve(Response.json(composition(2000))));
    runtime.loadRemote.mockResolvedValueOnce({ default: routes });
    await expect(loadAreaRoutes('catalog', { retry: true })).resolves.toBe(routes);
  });

  it("gives up on a remote's entry that hangs after the composition's timeoutMs", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(composition(1500))));
    runtime.loadRemote.mockImplementation(() => new Promise(() => {}));
    const { loadAreaRoutes } = await import('./loadArea.ts');
    vi.useFakeTimers();
    const first = loadAreaRoutes('catalog');
    first.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1500);
    await expect(first).rejects.toThrow(/catalog did not answer within 1500 ms/);
  });
});
