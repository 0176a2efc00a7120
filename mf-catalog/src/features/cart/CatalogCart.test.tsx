import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseFixture, courseItem } from '@shop/shared/testing';
import { EmbedCartProvider, useCatalogCart } from './CatalogCart.tsx';

/** The items of a cartSync value (base64url of the cart's JSON). */
const itemsOf = (value: string): { courseId?: number }[] =>
  JSON.parse(
    new TextDecoder().decode(
      Uint8Array.from(atob(value.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0)),
    ),
  ).items;

function AddButton() {
  const cart = useCatalogCart();
  return (
    <button type="button" onClick={() => cart.add(courseItem(courseFixture({ id: 7 })))}>
      add
    </button>
  );
}

describe("the partner embed's add to cart (docs/product-rules.md#screens)", () => {
  const host = globalThis as { dataLayer?: unknown };
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    delete host.dataLayer;
  });

  it("goes to the shop's /cart with the item even when the partner page's dataLayer refuses the event", () => {
    // A partner page may use the name `dataLayer` for something else: pushing the add_to_cart event then throws.
    host.dataLayer = { push: () => {} };
    Object.defineProperty(host.dataLayer, 'push', {
      value: () => {
        throw new Error('not a tag-manager queue');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    render(
      <EmbedCartProvider shopUrl="https://shop.example">
        <AddButton />
      </EmbedCartProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(String(assign.mock.calls[0]![0]));
    expect(url.origin + url.pathname).toBe('https://shop.example/cart');
    expect(itemsOf(url.searchParams.get('cartSync')!).map((item) => item.courseId)).toEqual([7]);
  });
});
