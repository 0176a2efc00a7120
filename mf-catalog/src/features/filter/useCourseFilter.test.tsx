import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { courseFixture, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';
import { courseStartUntil } from './filterState.ts';

describe('the filter bar when the tags cannot be loaded', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('still offers the course range and clear (they need no tags), and the range still filters', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const searches: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/course/search') return new Response('{}', { status: 500 });
      searches.push(url);
      const body = { result: { items: [courseFixture()], total: 1, page: 1, limit: 100 } };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    });
    renderRoutes(routes, '/courses');
    const toggle = await screen.findByRole('button', { name: 'Filter' });
    expect(screen.getByRole('button', { name: 'Filter zurücksetzen' })).toBeTruthy();
    fireEvent.click(toggle);
    fireEvent.change(screen.getByLabelText('Kursbeginn innerhalb von'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: /^Filter anwenden/ }));
    await waitFor(() => expect(searches.at(-1)?.searchParams.get('courseStartUntil')).toBe(courseStartUntil(12)));
  });
});
