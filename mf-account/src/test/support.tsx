import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useRoutes } from 'react-router-dom';
import { configureApi, i18n, initI18n, useAuthStore, useSessionGuard, type Customer } from '@shop/shared';
import routes from '../routes.tsx';

/** German texts (the source), no server translations. */
export async function startI18n(): Promise<void> {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  configureApi({ token: () => useAuthStore.getState().token });
  await initI18n({ serverTranslations: false });
  await i18n.changeLanguage('de');
}

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body: unknown };

/** Answers fetch by "METHOD /path?query" (a list answers successive calls) and records every call. */
export function fakeApi(answers: Record<string, Answer | Answer[]>) {
  const calls: FakeCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: (init?.headers ?? {}) as Record<string, string> });
    const entry = answers[`${method} ${url}`];
    const answer = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!answer) return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: url } }), { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

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

export const apiError = (status: number, code: string, fields?: Record<string, string>) => ({ status, body: { error: { code, message: code, fields } } });

function AreaRoutes() {
  useSessionGuard();
  return useRoutes(routes);
}

/** Shows the current location, so tests can assert where a screen navigated to. */
function Location() {
  const { pathname, search, state } = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(state)}>
      {pathname + search}
    </div>
  );
}

/** The area's real routes at `path`, with the session rules the shell applies. */
export function renderArea(path: string | { pathname: string; search?: string; state?: unknown }) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<AreaRoutes />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}
