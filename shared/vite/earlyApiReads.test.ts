import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyResponsesKey } from '../src/api/earlyRequests.js';
import { fetchShopMode } from '../src/api/mode.ts';
import { isoDateMonthsAfter } from '../src/format/date.ts';
import { i18n, initI18n } from '../src/i18n/index.ts';
import { earlyApiReadsPlugin, earlyApiReadsScript } from './earlyApiReads.js';

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[earlyResponsesKey];
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

/** Runs the text the built HTML carries, where no module or outer name exists. */
const run = (answer: (url: string) => Response) => {
  const fetchMock = vi.fn((url: string) => Promise.resolve(answer(url)));
  vi.stubGlobal('fetch', fetchMock);
  new Function(earlyApiReadsScript())();
  return fetchMock;
};
const urls = (fetchMock: ReturnType<typeof run>) => fetchMock.mock.calls.map(([url]) => url);

describe('the early API reads of the inline script', () => {
  it('asks for the texts of the language i18n will show: the stored choice first, markup in storage skipped', () => {
    window.localStorage.setItem('language', 'es');
    expect(urls(run(() => Response.json({})))).toEqual(['/api/shop/mode', '/api/translation/es']);
    window.localStorage.setItem('language', '<img src=x onerror=alert(1)>');
    vi.stubGlobal('navigator', { languages: ['fr-FR', 'en-GB'] });
    expect(urls(run(() => Response.json({})))).toContain('/api/translation/en');
    vi.stubGlobal('navigator', { languages: ['fr-FR'] });
    expect(urls(run(() => Response.json({})))).toContain('/api/translation/de');
  });

  it("is taken by the boot's own calls, so the page asks the server once for each", async () => {
    window.localStorage.setItem('language', 'en');
    const fetchMock = run((url) =>
      Response.json({
        result: url.includes('/translation/')
          ? { 'catalog.slider.next': 'Next from the server' }
          : { mode: 'development' },
      }),
    );
    const [mode] = await Promise.all([fetchShopMode(), initI18n()]);
    expect(mode.mode).toBe('development');
    expect(i18n.t('catalog.slider.next')).toBe('Next from the server');
    // Both answers were the early ones: nothing asked again, and nothing left over.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((window as unknown as Record<string, Record<string, unknown>>)[earlyResponsesKey]).toEqual({});
  });

  it("starts a page's first-screen reads that the build lists itself, at the page's bare address only", () => {
    const plugin = earlyApiReadsPlugin({
      firstScreenReads: { '/courses': ['/course/search?until={monthsFromToday:3}'] },
    });
    const hook = plugin.transformIndexHtml as unknown as { handler: () => { children: string }[] };
    const [, reads] = hook.handler();
    const fetchMock = vi.fn((_url: string) => Promise.resolve(Response.json({})));
    vi.stubGlobal('fetch', fetchMock);
    for (const path of ['/courses', '/courses?courseType=3', '/products']) {
      window.history.replaceState(null, '', path);
      new Function(reads!.children)();
    }
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api/course/search?until=${isoDateMonthsAfter(new Date(), 3)}`,
    ]);
  });

  it('goes into the head of a built page only', () => {
    const plugin = earlyApiReadsPlugin();
    expect(plugin.apply).toBe('build');
    const hook = plugin.transformIndexHtml as { handler: () => unknown };
    expect(hook.handler()).toEqual([{ tag: 'script', children: earlyApiReadsScript(), injectTo: 'head' }]);
  });
});
