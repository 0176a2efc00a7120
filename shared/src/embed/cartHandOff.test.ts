import { describe, expect, it, vi } from 'vitest';
import { decodeCartSync } from '../stores/cartSync.ts';
import { courseFixture, courseItem } from '../testing/fixtures.ts';
import type { CartItem } from '../contract/index.ts';
import { cartAddressWith, frameFlagQuery, handOffCart, type CartHandOffEnvironment } from './cartHandOff.ts';

const items = [
  { ...courseItem(courseFixture({ id: 3 })), id: 'a' },
  { ...courseItem(courseFixture({ id: 4 })), id: 'b' },
] as CartItem[];

const environment = (overrides: Partial<CartHandOffEnvironment>): CartHandOffEnvironment => ({
  framed: true,
  storageUsable: false,
  open: vi.fn(() => ({}) as Window),
  origin: 'https://shop.example',
  ...overrides,
});

describe('handing the cart on after "add to cart"', () => {
  it('stays in place when the page is not framed, or framed with storage it can use', () => {
    const open = vi.fn();
    expect(handOffCart(items, environment({ framed: false, open }))).toBe('here');
    expect(handOffCart(items, environment({ storageUsable: true, open }))).toBe('here');
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the shop’s /cart in a new tab with the whole cart when the frame has no storage', () => {
    const open = vi.fn((_url: string) => ({}) as Window);
    expect(handOffCart(items, environment({ open }))).toBe('newTab');
    const url = new URL(open.mock.calls[0]![0]);
    expect(url.origin + url.pathname).toBe('https://shop.example/cart');
    // A top-level tab is the whole shop: no frame flags.
    expect([...url.searchParams.keys()]).toEqual(['cartSync']);
    expect(decodeCartSync(url.searchParams.get('cartSync')!)!.items.map((line) => line.id)).toEqual(['a', 'b']);
  });

  it('continues in the frame when the browser refuses the tab', () => {
    expect(handOffCart(items, environment({ open: () => null }))).toBe('frameWithCart');
  });
});

describe('the /cart address for the frame', () => {
  it('carries the frame flags in force and the cart', () => {
    const flags = frameFlagQuery({ hideHeader: true, hideFooter: true, hideFilter: false });
    expect(flags.toString()).toBe('hideHeader=true&hideFooter=true');
    const url = new URL(cartAddressWith('https://shop.example', items, flags));
    expect(url.searchParams.get('hideHeader')).toBe('true');
    expect(url.searchParams.get('hideFooter')).toBe('true');
    expect(url.searchParams.has('hideFilter')).toBe(false);
    expect(decodeCartSync(url.searchParams.get('cartSync')!)!.items).toHaveLength(2);
  });

  it('carries no cartSync for an empty cart', () => {
    expect(cartAddressWith('https://shop.example', [])).toBe('https://shop.example/cart');
  });
});
