import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseFixture, earlyResponsesKey, fillReadDates, productFixture } from '@shop/shared/testing';
import routes from '../../routes.tsx';
import { firstScreenLoads } from './firstScreenLoads.ts';
import { firstScreenReads } from './firstScreenReads.ts';

const answers: Record<string, unknown> = {
  '/api/course/tags': [],
  '/api/course/search': { items: [courseFixture()], total: 1, page: 1, limit: 100 },
  '/api/product/search': { items: [productFixture()], total: 1, page: 1, limit: 100 },
  '/api/course/flexible-learning': [],
};
const answer = (url: string) => Response.json({ result: answers[new URL(url, 'http://localhost').pathname] });
const early = () => (window as unknown as Record<string, Record<string, Promise<Response>>>)[earlyResponsesKey] ?? {};

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[earlyResponsesKey];
  vi.restoreAllMocks();
});

describe("the first-screen reads of the area's manifest", () => {
  it.each(Object.keys(firstScreenReads))(
    '%s: the screen takes every read the page started, and asks for nothing else',
    async (path) => {
      // What the shell page's inline script leaves (startPageReads), for today.
      const urls = (firstScreenReads[path] ?? []).map((read) => `/api${fillReadDates(read, new Date())}`);
      (window as unknown as Record<string, unknown>)[earlyResponsesKey] = Object.fromEntries(
        urls.map((url) => [url, Promise.resolve(answer(url))]),
      );
      const server = vi
        .spyOn(globalThis, 'fetch')
        .mockImplementation((input) => Promise.resolve(answer(String(input))));

      const loads = firstScreenLoads(path, '');
      await Promise.all(loads.map((spec) => spec.load(new AbortController().signal)));

      expect(server.mock.calls.map(([url]) => url)).toEqual([]);
      expect(Object.keys(early())).toEqual([]);
    },
  );

  it('lists every path of the area whose bare address has a first screen to load', () => {
    const paths = routes.flatMap((route) => (route.path ? [route.path] : []));
    const loading = paths.filter((path) => firstScreenLoads(path, '').length > 0);
    expect(Object.keys(firstScreenReads).sort()).toEqual(loading.sort());
  });
});
