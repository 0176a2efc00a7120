import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { courseFixture, productFixture, renderRoutes, startI18n } from '@shop/shared/testing';
import routes from '../../routes.tsx';

const vatNote = 'Alle Preise ohne Umsatzsteuer: Bildungsleistungen sind nach § 4 Nr. 21 UStG umsatzsteuerfrei.';

/** The catalogue API, held until `release` is called, so the loading state can be looked at first. */
function heldCatalogApi() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    await released;
    const { pathname } = new URL(String(input), 'http://localhost');
    const answers: Record<string, unknown> = {
      '/api/course/tags': [],
      '/api/course/search': { items: [courseFixture()], total: 1, page: 1, limit: 100 },
      '/api/product/search': { items: [productFixture()], total: 1, page: 1, limit: 100 },
      '/api/course/flexible-learning': [],
    };
    const body = answers[pathname];
    return body === undefined
      ? new Response('{}', { status: 404 })
      : new Response(JSON.stringify({ result: body }), { headers: { 'Content-Type': 'application/json' } });
  });
  return release;
}

describe('the VAT note of a listing (docs/product-rules.md#prices-and-vat)', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it.each(['/courses', '/products', '/modular-course', '/products-iframe'])(
    '%s: one note, there while loading, outside the loading region, and the same element once the cards are in',
    async (path) => {
      const release = heldCatalogApi();
      renderRoutes(routes, path);
      const note = await screen.findByText(vatNote);
      expect(screen.getAllByText(vatNote)).toHaveLength(1);
      expect(document.querySelector('.catalog-listing')?.getAttribute('data-state')).toBe('loading');
      // Above the listing (which reserves the cards' room), never inside it: nothing moves when the cards arrive.
      expect(note.closest('.catalog-listing')).toBeNull();
      const listing = document.querySelector('.catalog-listing')!;
      expect(note.compareDocumentPosition(listing) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      release();
      await waitFor(() => expect(document.querySelector('.catalog-listing')?.getAttribute('data-state')).toBe('done'));
      expect(screen.getAllByText(vatNote)).toEqual([note]);
    },
  );
});

describe('the listing as a plain list', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('"Als Liste anzeigen" shows every card in a list and keeps it in the URL', async () => {
    heldCatalogApi()();
    renderRoutes(routes, '/products');
    const toggle = await screen.findByRole('button', { name: 'Als Liste anzeigen' });
    toggle.click();
    const list = await screen.findByRole('list', { name: 'Alle Angebote als Liste' });
    expect(list.querySelectorAll('li')).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toBe('/products?view=list');
    expect(screen.queryByTestId('slider-position')).toBeNull();
    screen.getByRole('button', { name: 'Als Karussell anzeigen' }).click();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/products'));
    expect(screen.getByTestId('slider-position').textContent).toBe('1 von 1');
  });
});
