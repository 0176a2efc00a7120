import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './client.ts';
import { calculateCartPrice, createCartSync, fetchCartSync, validateCart } from './cart.ts';

function answer(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

afterEach(() => configureApi({ token: () => null }));

describe('cart calls', () => {
  const request = {
    courses: [{ courseId: 1, courseType: 1 as const, quantity: 1 }],
    discountCodes: [],
    locale: 'de' as const,
  };

  it.each([
    ['calculateCartPrice', () => calculateCartPrice(request), 'Failed to calculate cart price'],
    ['validateCart', () => validateCart(request), 'Failed to validate cart'],
    ['createCartSync', () => createCartSync([]), 'Failed to create cart sync payload'],
    ['fetchCartSync', () => fetchCartSync('abc'), 'Failed to fetch cart sync payload'],
  ])('%s throws the docs/product-rules.md#errors message when the result is missing', async (_, run, message) => {
    answer(200, {});
    await expect(run()).rejects.toThrow(message);
  });

  it('the price goes out as POST with the token when there is one; the server’s messages travel along', async () => {
    configureApi({ token: () => 'tok' });
    const fetch = answer(400, {
      error: { code: 'VALIDATION_ERROR', message: 'Invalid body' },
      meta: { message: 'Bitte prüfen' },
    });
    const failure = await calculateCartPrice(request).catch((error: unknown) => error);
    expect(fetch.mock.calls[0]![0]).toBe('/api/cart/calculate-price');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: JSON.stringify(request) });
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(failure).toMatchObject({
      message: 'Failed to calculate cart price',
      userMessage: 'Bitte prüfen',
      status: 400,
    });
  });

  it('reads a parked cart by its id, URL-encoded', async () => {
    const fetch = answer(200, { result: { items: [], expiresAt: '2026-01-16T09:00:00.000Z' } });
    await expect(fetchCartSync('a/b')).resolves.toEqual({
      items: [],
      discountCodes: [],
      expiresAt: '2026-01-16T09:00:00.000Z',
    });
    expect(fetch.mock.calls[0]![0]).toBe('/api/cart/sync/a%2Fb');
  });
});
