import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRemotesKey } from '@shop/shared';

const remotes = (catalog: string) => ({
  remotes: {
    catalog,
    cartCheckout: 'https://cart.example/remoteEntry.js',
    account: 'https://account.example/remoteEntry.js',
    levelTest: 'https://level.example/remoteEntry.js',
  },
  areas: Object.fromEntries(
    ['catalog', 'cartCheckout', 'account', 'levelTest'].map((area) => [
      area,
      { version: '1.0.0', shared: '^1.0.0', paths: [`/${area}`] },
    ]),
  ),
});

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[earlyRemotesKey];
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('loadManifest', () => {
  it("reads the response the page's boot script already asked for once, and asks the server on a fresh read", async () => {
    (window as unknown as Record<string, unknown>)[earlyRemotesKey] = Promise.resolve(
      Response.json(remotes('https://early.example/remoteEntry.js')),
    );
    const fetchMock = vi.fn(() => Promise.resolve(Response.json(remotes('https://fresh.example/remoteEntry.js'))));
    vi.stubGlobal('fetch', fetchMock);
    const { loadManifest } = await import('./manifest.ts');

    expect((await loadManifest()).remotes.catalog).toBe('https://early.example/remoteEntry.js');
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await loadManifest({ fresh: true })).remotes.catalog).toBe('https://fresh.example/remoteEntry.js');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('asks the server when the page had no boot script, and again after the early answer failed', async () => {
    (window as unknown as Record<string, unknown>)[earlyRemotesKey] = Promise.resolve(
      new Response('down', { status: 503 }),
    );
    const fetchMock = vi.fn(() => Promise.resolve(Response.json(remotes('https://fresh.example/remoteEntry.js'))));
    vi.stubGlobal('fetch', fetchMock);
    const { loadManifest } = await import('./manifest.ts');

    await expect(loadManifest()).rejects.toThrow(/503/);
    expect((await loadManifest()).remotes.catalog).toBe('https://fresh.example/remoteEntry.js');
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
