import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { satisfies } from '../src/version/satisfies.js';
import {
  composedResponse,
  earlyRemotesKey,
  earlyResponsesKey,
  fillReadDates,
  startPageReads,
} from '../src/api/earlyRequests.js';
import { isoDateMonthsAfter } from '../src/format/date.ts';
import { bootPreloadPlugin, preloadArea } from './bootPreload.js';
import { compositionElementId, inlineComposition } from './composition.js';

const remotes = {
  remotes: { catalog: 'https://catalog.example/v2/remoteEntry.js', account: 'https://account.example/remoteEntry.js' },
  areas: {
    catalog: {
      shared: '^1.1.0',
      paths: ['/courses', '/products'],
      preload: { base: ['assets/routes.js'], pages: { '/courses': ['assets/CoursesPage.js'] } },
      reads: { '/courses': ['/course/tags', '/course/search?until={monthsFromToday:3}'] },
    },
    account: {
      shared: '^1.0.0',
      paths: ['/account-data', '/orders/:id'],
      preload: { base: ['assets/account.js'], pages: {} },
    },
  },
};

/** The page's composition element, as the built page's script reads it. */
const readComposed = () => composedResponse(compositionElementId);

const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => (link as HTMLLinkElement).href);

async function visit(
  path: string,
  answer: Response,
  sharedVersion = '1.1.0',
  startReads: (paths: readonly string[] | undefined) => void = vi.fn(),
) {
  window.history.replaceState(null, '', path);
  const fetchMock = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('fetch', fetchMock);
  preloadArea('/remotes.json', readComposed, earlyRemotesKey, sharedVersion, satisfies, startReads);
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
  // Let the response's body be read and the links be added.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return fetchMock;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete (window as unknown as Record<string, unknown>)[earlyRemotesKey];
  delete (window as unknown as Record<string, unknown>)[earlyResponsesKey];
  vi.unstubAllGlobals();
});

describe('preloadArea', () => {
  it("preloads the address's remote entry, its routes and its page, resolved against the entry", async () => {
    const fetchMock = await visit('/courses', Response.json(remotes));
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(preloaded()).toEqual([
      'https://catalog.example/v2/remoteEntry.js',
      'https://catalog.example/v2/assets/routes.js',
      'https://catalog.example/v2/assets/CoursesPage.js',
    ]);
  });

  it("starts the reads the area lists for the address's first screen, at its bare address only", async () => {
    const started = () => Object.keys((window as unknown as Record<string, object>)[earlyResponsesKey] ?? {});
    const startReads = (paths: readonly string[] | undefined) =>
      startPageReads('/api', paths, earlyResponsesKey, fillReadDates);
    // A query changes what the screen asks for; a page without listed reads asks for none.
    await visit('/courses?courseType=2', Response.json(remotes), '1.1.0', startReads);
    await visit('/products', Response.json(remotes), '1.1.0', startReads);
    // Nor for an area the shell refuses.
    await visit('/courses', Response.json(remotes), '1.0.9', startReads);
    expect(started()).toEqual([]);
    await visit('/courses', Response.json(remotes), '1.1.0', startReads);
    expect(started()).toEqual(['/api/course/tags', `/api/course/search?until=${isoDateMonthsAfter(new Date(), 3)}`]);
  });

  it('preloads nothing of an area whose @shop/shared range the shell does not meet: the shell refuses it unloaded', async () => {
    const clash = structuredClone(remotes);
    clash.areas.catalog.shared = '^2.0.0';
    await visit('/courses', Response.json(clash));
    const newer = structuredClone(remotes);
    newer.areas.catalog.shared = '^1.2.0';
    await visit('/courses', Response.json(newer));
    await visit('/courses', Response.json(remotes), '1.0.9');
    expect(preloaded()).toEqual([]);
    await visit('/courses', Response.json(remotes), '1.1.0+build.7');
    expect(preloaded()).toHaveLength(3);
  });

  it('leaves the unread response for the shell, which reads the same manifest from it', async () => {
    await visit('/products', Response.json(remotes));
    expect(preloaded()).toEqual([
      'https://catalog.example/v2/remoteEntry.js',
      'https://catalog.example/v2/assets/routes.js',
    ]);
    const early = (window as unknown as Record<string, Promise<Response> | undefined>)[earlyRemotesKey];
    expect(early).toBeDefined();
    expect(await (await early!).json()).toEqual(remotes);
  });

  it('takes the composition the page carries, without asking for remotes.json', async () => {
    window.history.replaceState(null, '', '/courses');
    document.body.innerHTML = inlineComposition(
      `<script type="application/json" id="${compositionElementId}"></script>`,
      remotes,
    );
    const fetchMock = vi.fn(() => Promise.resolve(new Response()));
    vi.stubGlobal('fetch', fetchMock);
    const startReads = vi.fn();
    preloadArea('/remotes.json', readComposed, earlyRemotesKey, '1.1.0', satisfies, startReads);
    await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(startReads).toHaveBeenCalledWith(remotes.areas.catalog.reads['/courses']);
    const early = (window as unknown as Record<string, Promise<Response> | undefined>)[earlyRemotesKey];
    expect(await (await early!).json()).toEqual(remotes);
  });

  it('fetches remotes.json when the page carries an empty composition (a build never composed)', async () => {
    document.body.innerHTML = `<script type="application/json" id="${compositionElementId}"></script>`;
    const fetchMock = await visit('/courses', Response.json(remotes));
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(preloaded()).toHaveLength(3);
  });

  it('preloads nothing for the home page, a path with parameters or a failed manifest', async () => {
    await visit('/', Response.json(remotes));
    await visit('/orders/12', Response.json(remotes));
    await visit('/courses', new Response('down', { status: 503 }));
    await visit('/courses', new Response('{not json'));
    expect(preloaded()).toEqual([]);
  });
});

const sharedPackageVersion = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }
).version;

describe('bootPreloadPlugin', () => {
  const chunk = (fileName: string, name: string, imports: string[] = [], dynamicImports: string[] = []) => ({
    type: 'chunk' as const,
    fileName,
    name,
    imports,
    dynamicImports,
    moduleIds: [],
    facadeModuleId: null,
  });
  const bundle = Object.fromEntries(
    [
      chunk('assets/entry.js', 'entry', ['assets/helper.js']),
      chunk('assets/helper.js', 'helper'),
      chunk('assets/map.js', '_virtual_mf-localSharedImportMap', [], ['assets/shared.js', 'assets/react.js']),
      chunk('assets/shared.js', 'src', ['assets/helper.js', 'assets/zod.js']),
      chunk('assets/zod.js', 'zod'),
      chunk('assets/react.js', 'react'),
      chunk('assets/pending.js', 'pendingShares'),
      chunk('assets/en.js', 'en'),
    ].map((item) => [item.fileName, item]),
  );
  const transform = (html: string, withBundle = true) => {
    const hook = bootPreloadPlugin().transformIndexHtml as {
      handler: (html: string, context: { bundle?: unknown }) => unknown;
    };
    return hook.handler(html, withBundle ? { bundle } : {});
  };

  it("the inline script runs on its own, deciding with the shell's rule", async () => {
    // The text the built HTML carries, run where no module or outer name exists.
    const [, script] = transform('<html><head></head><body></body></html>') as [
      unknown,
      { tag: string; children: string },
    ];
    expect(script.tag).toBe('script');
    const ranges = ['^1.0.0', '~1.1.0', '1.1.0', '^1.2.0', '^2.0.0', '^0.1.0'];
    for (const range of ranges) {
      document.head.innerHTML = '';
      window.history.replaceState(null, '', '/courses');
      const manifest = structuredClone(remotes);
      manifest.areas.catalog.shared = range;
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.resolve(Response.json(manifest))),
      );
      new Function(script.children)();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(preloaded().length > 0, range).toBe(satisfies(sharedPackageVersion, range));
    }
  });

  it("the inline script starts the area's reads under the API base, its dates filled, where call() takes them", async () => {
    const [, script] = transform('<html><head></head><body></body></html>') as [unknown, { children: string }];
    window.history.replaceState(null, '', '/courses');
    // The built script carries this release's version, so the area must ask for a range it meets.
    const manifest = structuredClone(remotes);
    manifest.areas.catalog.shared = `^${sharedPackageVersion}`;
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(url === '/remotes.json' ? Response.json(manifest) : new Response()),
    );
    vi.stubGlobal('fetch', fetchMock);
    new Function(script.children)();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const until = isoDateMonthsAfter(new Date(), 3);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/remotes.json',
      '/api/course/tags',
      `/api/course/search?until=${until}`,
    ]);
    expect(Object.keys((window as unknown as Record<string, object>)[earlyResponsesKey] ?? {})).toEqual([
      '/api/course/tags',
      `/api/course/search?until=${until}`,
    ]);
  });

  it("adds the inline script and preloads the shell's shares and pending-share step, not what the page already lists", () => {
    const tags = transform('<script type="module" src="/assets/entry.js"></script><link href="/assets/helper.js">') as {
      tag: string;
      attrs?: { href: string };
      children?: string;
    }[];
    // First the empty element compose fills, then the script that reads it.
    expect(tags[0]).toMatchObject({ tag: 'script', attrs: { type: 'application/json', id: compositionElementId } });
    expect(tags[0]?.children).toBe('');
    expect(tags[1]?.tag).toBe('script');
    expect(tags[1]?.children).toContain(`("/remotes.json", () => (function composedResponse(elementId) {`);
    expect(tags[1]?.children).toContain(
      `)("${compositionElementId}"), "${earlyRemotesKey}", "${sharedPackageVersion}", function satisfies(`,
    );
    expect(tags.slice(2).map((tag) => tag.attrs?.href)).toEqual([
      '/assets/pending.js',
      '/assets/shared.js',
      '/assets/zod.js',
      '/assets/react.js',
    ]);
  });

  it('leaves the dev server alone', () => {
    expect(transform('<html></html>', false)).toBe('<html></html>');
  });
});
