import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { courseFixture, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';
import { courseStartUntil } from './filterState.ts';

const tags = [{ id: 3, slug: 'level', tags: ['a1', 'b1'].map((slug, i) => ({ id: 31 + i, slug, selected: false })) }];

/** The catalogue API; returns the course searches asked for. */
function catalogApi(): URL[] {
  const searches: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/course/search') searches.push(url);
    const result =
      url.pathname === '/api/course/tags' ? tags : { items: [courseFixture()], total: 1, page: 1, limit: 100 };
    return new Response(JSON.stringify({ result }), { headers: { 'Content-Type': 'application/json' } });
  });
  return searches;
}

const location = () => screen.getByTestId('location').textContent;

describe('the applied filter lives in the URL and shows as chips', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('a link with tags and range shows them as chips and searches by them', async () => {
    const searches = catalogApi();
    renderRoutes(routes, '/courses?preSelectedTags=b1&range=6');
    expect(await screen.findByRole('button', { name: 'B1 entfernen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Beginn innerhalb von 6 Monaten entfernen' })).toBeTruthy();
    await waitFor(() => expect(searches.at(-1)?.searchParams.getAll('tags[]')).toEqual(['b1']));
    expect(searches.at(-1)?.searchParams.get('courseStartUntil')).toBe(courseStartUntil(6));
  });

  it('applying writes the URL; removing a chip takes it out and hands focus on', async () => {
    catalogApi();
    renderRoutes(routes, '/courses?courseType=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Filter' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'A1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'B1' }));
    fireEvent.click(screen.getByRole('button', { name: /^Filter anwenden/ }));
    await waitFor(() => expect(location()).toBe('/courses?courseType=1&preSelectedTags=a1%2Cb1'));

    fireEvent.click(await screen.findByRole('button', { name: 'A1 entfernen' }));
    await waitFor(() => expect(location()).toBe('/courses?courseType=1&preSelectedTags=b1'));
    const b1 = await screen.findByRole('button', { name: 'B1 entfernen' });
    await waitFor(() => expect(document.activeElement).toBe(b1));

    fireEvent.click(b1);
    await waitFor(() => expect(location()).toBe('/courses?courseType=1'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filter' })));
    expect(screen.queryByRole('button', { name: /entfernen$/ })).toBeNull();
  });

  it('"Filter zurücksetzen" empties the URL of the filter', async () => {
    catalogApi();
    renderRoutes(routes, '/courses?preSelectedTags=a1&range=12');
    fireEvent.click(await screen.findByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(location()).toBe('/courses'));
  });
});
