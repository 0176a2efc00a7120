import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTranslations, useCartStore } from '@shop/shared';
import { apiError, courseFixture, fakeApi, renderRoutes, startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { OfferPage } from './OfferPage.tsx';

const routes = [{ path: '/waitlist/offer', element: <OfferPage /> }];
const offer = {
  body: { result: { course: courseFixture({ id: 7 }), expiresAt: new Date(Date.now() + 3_600_000).toISOString() } },
};
const gone =
  'Dieser Link gilt nicht mehr: Der Platz wurde bereits gebucht, weitergegeben, oder die Reservierung ist abgelaufen.';

describe('/waitlist/offer: the link of an offer mail', () => {
  beforeAll(async () => {
    registerTranslations(areaTranslations);
    await startI18n();
  });
  afterEach(() => {
    cleanup();
    useCartStore.getState().clear();
    vi.restoreAllMocks();
  });

  it('an offer the server no longer knows (404) is gone', async () => {
    fakeApi({ 'POST /api/waitlist/offer': apiError(404, 'WAITLIST_OFFER_GONE') });
    renderRoutes(routes, '/waitlist/offer?token=abc');
    await waitFor(() => expect(screen.queryByText(gone)).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });

  for (const [what, failure] of [
    ['a server error (500)', apiError(500, 'INTERNAL_ERROR')],
    ['too many tries (429)', apiError(429, 'TOO_MANY_REQUESTS')],
  ] as const) {
    it(`${what} does not say the held place is gone: it says so and lets the visitor try again`, async () => {
      const calls = fakeApi({ 'POST /api/waitlist/offer': [failure, offer] });
      renderRoutes(routes, '/waitlist/offer?token=abc');
      const retry = await screen.findByRole('button', { name: 'Erneut versuchen' });
      expect(screen.queryByText(gone)).toBeNull();
      expect(screen.getByRole('alert').textContent).toBe(
        'Ihr Platz konnte gerade nicht geladen werden. Er bleibt für Sie reserviert; bitte versuchen Sie es erneut.',
      );
      expect(useCartStore.getState().items).toHaveLength(0);

      fireEvent.click(retry);
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/checkout-auth'));
      expect(calls.filter((call) => call.url.endsWith('/waitlist/offer'))).toHaveLength(2);
      expect(useCartStore.getState().items.map((item) => item.itemType === 'course' && item.offerToken)).toEqual([
        'abc',
      ]);
    });
  }
});
