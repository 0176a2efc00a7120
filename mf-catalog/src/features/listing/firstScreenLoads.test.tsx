import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Course } from '@shop/shared';
import { courseFixture, pendingEarlyLoads, productFixture, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';
import { firstScreenDataWaitMs, firstScreenLoads, startFirstScreenLoads } from './firstScreenLoads.ts';

const courseOfType = (type: Course['type']) => courseFixture({ id: 7 + 100 * (type - 1), type });

/** The API of a listing, answered by path; every request is recorded. */
function fakeCatalogApi() {
  const requests: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    const answers: Record<string, unknown> = {
      // The tags the listings below preselect exist, so the filter keeps them (unknown ones would change the search).
      '/api/course/tags': [
        { id: 1, slug: 'weekday', tags: [] },
        {
          id: 3,
          slug: 'level',
          tags: [
            { id: 31, slug: 'a1', selected: false },
            { id: 33, slug: 'b1', selected: false },
          ],
        },
        { id: 4, slug: 'time', tags: [{ id: 41, slug: 'abends', selected: false }] },
      ],
      // One course of the type asked for: the combined page asks for group courses and exam preparation apart, and
      // one course in both answers would be one course twice in its slider.
      '/api/course/search': {
        items: [courseOfType(url.searchParams.get('type') === '3' ? 3 : 1)],
        total: 1,
        page: 1,
        limit: 100,
      },
      '/api/product/search': { items: [productFixture()], total: 1, page: 1, limit: 100 },
      '/api/course/flexible-learning': [],
    };
    const body = answers[url.pathname];
    return body === undefined
      ? new Response('{}', { status: 404 })
      : new Response(JSON.stringify({ result: body }), { headers: { 'Content-Type': 'application/json' } });
  });
  return requests;
}

describe('the first screen of a listing', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const listings = [
    '/courses',
    '/courses?courseType=3&preSelectedTags=a1,abends',
    '/products-iframe?preSelectedTags=b1',
    '/products',
    '/products?productId=3',
    '/modular-course?flexLearningId=4',
  ];

  it.each(listings)('%s: its data is asked for before it renders, and the page takes every answer', async (path) => {
    const requests = fakeCatalogApi();
    const address = new URL(path, 'http://localhost');
    startFirstScreenLoads(address);
    const early = [...requests];
    expect(early.length).toBeGreaterThan(0);

    renderRoutes(routes, path);
    await screen.findByRole('heading', { level: 1 });
    // The listing shows its cards: every answer arrived and was read.
    await waitFor(() => expect(document.querySelector('[data-state="done"]')).not.toBeNull());
    // Every early load was taken under the key the page asks with, so nothing was asked twice.
    expect(pendingEarlyLoads()).toEqual([]);
    expect(requests).toEqual(early);
  });

  it('tells when every answer of the first screen is in, and waits at most firstScreenDataWaitMs for a slow one', async () => {
    const requests = fakeCatalogApi();
    let settled = false;
    await startFirstScreenLoads(new URL('/products', 'http://localhost')).then(() => (settled = true));
    expect(settled).toBe(true);
    // The page takes the answer in its first render, so its first commit holds the cards.
    renderRoutes(routes, '/products');
    expect(document.querySelector('[data-state="done"]')).not.toBeNull();
    expect(requests).toHaveLength(1);

    vi.useFakeTimers();
    try {
      vi.mocked(fetch).mockImplementation(() => new Promise<Response>(() => undefined));
      settled = false;
      void startFirstScreenLoads(new URL('/modular-course?flexLearningId=9', 'http://localhost')).then(
        () => (settled = true),
      );
      await vi.advanceTimersByTimeAsync(firstScreenDataWaitMs - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts nothing where the address is not a listing', () => {
    expect(firstScreenLoads('/cart', '')).toEqual([]);
    expect(firstScreenLoads('/waitlist/offer', '?token=x')).toEqual([]);
  });
});
