import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useRoutes } from 'react-router-dom';
import { i18n, initI18n } from '@shop/shared';
import routes from '../routes.tsx';

/** German texts (the source), no server translations: what a de-DE visitor sees when the API has none. */
export async function startI18n(): Promise<void> {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await initI18n({ serverTranslations: false });
  await i18n.changeLanguage('de');
}

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers fetch by "METHOD /path" (status 200 unless an answer says otherwise) and records every call. */
export function fakeApi(answers: Record<string, { status?: number; body: unknown } | (() => Promise<never>)>) {
  const calls: FakeCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: (init?.headers ?? {}) as Record<string, string> });
    const answer = answers[`${method} ${url}`];
    if (!answer) return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: url } }), { status: 404 });
    if (typeof answer === 'function') return answer();
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function AreaRoutes() {
  return useRoutes(routes);
}

/** Shows the current location, so tests can assert where a screen navigated to. */
function Location() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

/** The area's real routes at `path`; anything outside the area renders as a marker. */
export function renderArea(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<AreaRoutes />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}
