import type { Customer } from '@shop/shared';
import { renderRoutes } from '@shop/shared/testing';
import routes from '../routes.tsx';

export { apiError, fakeApi, startI18n, type FakeCall } from '@shop/shared/testing';

export const customer = (overrides: Partial<Customer> = {}): Customer => ({
  email: 'anna@example.org',
  firstname: 'Anna',
  lastname: 'Muster',
  displayName: null,
  phone: null,
  birthYear: null,
  languageNiveau: 'b1',
  languageNiveauDetails: null,
  isSubscribedToNewsletter: 0,
  isEmailVerified: true,
  ...overrides,
});

/** The area's real routes at `path`, with the session rules the shell applies. */
export function renderArea(path: string | { pathname: string; search?: string; state?: unknown }) {
  return renderRoutes(routes, path, { sessionGuard: true });
}
