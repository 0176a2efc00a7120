import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from './mount.tsx';

afterEach(() => vi.restoreAllMocks());

describe('the partner embed', () => {
  it('shows the VAT note of the listing once inside its shadow root (docs/product-rules.md#prices-and-vat)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // No catalogue and no server texts: the frame of the listing with the bundled German texts.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
    const host = document.createElement('div');
    document.body.append(host);
    const unmount = mount(host, { apiBase: 'https://shop.example/api', language: 'de' });
    try {
      await vi.waitFor(() =>
        expect([...host.shadowRoot!.querySelectorAll('.catalog-vat')].map((p) => p.textContent)).toEqual([
          'Alle Preise ohne Umsatzsteuer: Bildungsleistungen sind nach § 4 Nr. 21 UStG umsatzsteuerfrei.',
        ]),
      );
    } finally {
      unmount();
      host.remove();
    }
  });

  it('reads data-tags as the shop reads preSelectedTags: trimmed, lower-cased, only slugs', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
    const host = document.createElement('div');
    document.body.append(host);
    // What embed.js hands over for data-tags="A1, b1,<b>".
    const unmount = mount(host, { apiBase: 'https://shop.example/api', preselectedTags: ['A1', ' b1', '<b>'] });
    try {
      const searchTags = () =>
        fetch.mock.calls
          .map(([input]) => new URL(String(input)))
          .filter((url) => url.pathname === '/api/course/search')
          .map((url) => url.searchParams.getAll('tags[]'));
      await vi.waitFor(() => expect(searchTags().length).toBeGreaterThan(0));
      for (const tags of searchTags()) expect(tags).toEqual(['a1', 'b1']);
    } finally {
      unmount();
      host.remove();
    }
  });
});
