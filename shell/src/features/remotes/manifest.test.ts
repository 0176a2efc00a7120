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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A server that takes the request and never answers. */
const hanging = () => new Promise<Response>(() => {});

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

describe('loadManifest and a remotes.json that never answers', () => {
  it("gives up after the composition's timeoutMs (a retry's fresh read), so the area notice comes back", async () => {
    (window as unknown as Record<string, unknown>)[earlyRemotesKey] = Promise.resolve(
      Response.json({ ...remotes('https://early.example/remoteEntry.js'), timeoutMs: 3000 }),
    );
    const fetchMock = vi.fn(hanging);
    vi.stubGlobal('fetch', fetchMock);
    const { loadManifest, ManifestUnreadable } = await import('./manifest.ts');
    expect((await loadManifest()).timeoutMs).toBe(3000);

    vi.useFakeTimers();
    const retried = loadManifest({ fresh: true });
    retried.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(2999);
    let settled = false;
    void retried.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(retried).rejects.toBeInstanceOf(ManifestUnreadable);
    await expect(retried).rejects.toThrow(/remotes\.json did not answer within 3000 ms/);
    // The request that hangs is given up, not left open.
    expect((fetchMock.mock.calls[0] as unknown[] | undefined)?.[1]).toMatchObject({ signal: expect.any(AbortSignal) });
    expect(((fetchMock.mock.calls[0] as unknown[])[1] as RequestInit).signal!.aborted).toBe(true);

    // The next read asks again.
    fetchMock.mockImplementation(() => Promise.resolve(Response.json(remotes('https://fresh.example/remoteEntry.js'))));
    expect((await loadManifest()).remotes.catalog).toBe('https://fresh.example/remoteEntry.js');
  });

  it("waits the first load's default (8000 ms) while no composition is known, also for the boot script's early read", async () => {
    (window as unknown as Record<string, unknown>)[earlyRemotesKey] = hanging();
    vi.stubGlobal('fetch', vi.fn(hanging));
    vi.useFakeTimers();
    const { defaultTimeoutMs } = await import('./timeout.ts');
    const { loadManifest, ManifestUnreadable, remoteManifestSchema } = await import('./manifest.ts');
    expect(defaultTimeoutMs).toBe(8000);
    expect(remoteManifestSchema.parse(remotes('https://x.example/remoteEntry.js')).timeoutMs).toBe(defaultTimeoutMs);

    const first = loadManifest();
    first.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(defaultTimeoutMs);
    await expect(first).rejects.toBeInstanceOf(ManifestUnreadable);
    const retried = loadManifest({ fresh: true });
    retried.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(defaultTimeoutMs);
    await expect(retried).rejects.toThrow(/within 8000 ms/);
  });

  it('says "unreadable" for an error answer and a malformed file too', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('down', { status: 503 }))
        .mockResolvedValueOnce(Response.json({ remotes: {} })),
    );
    const { loadManifest, ManifestUnreadable } = await import('./manifest.ts');
    await expect(loadManifest()).rejects.toBeInstanceOf(ManifestUnreadable);
    await expect(loadManifest()).rejects.toBeInstanceOf(ManifestUnreadable);
  });
});
