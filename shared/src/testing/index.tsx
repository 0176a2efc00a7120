/**
 * Test helpers for the areas' screen tests (vitest + testing-library), imported as `@shop/shared/testing`.
 * Test-only: never imported by shipped code, so the sub-path does not affect the federation singleton.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { configureApi, i18n, initI18n, useAuthStore, useSessionGuard } from '../index.ts';

export { courseFixture, courseItem, customerFixture, productFixture, productItem } from './fixtures.ts';
export { pendingEarlyLoads } from '../ui/useLoad.ts';
// What the shell page's inline script leaves for an area's first screen (an area's first-screen reads test).
export { earlyResponsesKey, fillReadDates } from '../api/earlyRequests.js';

/** German texts (the source) and no server translations: what a de-DE visitor sees when the API has none. */
export async function startI18n(): Promise<void> {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  configureApi({ token: () => useAuthStore.getState().token });
  await initI18n({ serverTexts: false });
  await i18n.changeLanguage('de');
}

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export type FakeAnswer = { status?: number; body: unknown };

/**
 * Answers fetch by "METHOD /path?query" and records every call. A list answers successive calls (the last one
 * repeats); a function answers by its own promise (e.g. one that never settles or rejects).
 */
export function fakeApi(answers: Record<string, FakeAnswer | FakeAnswer[] | (() => Promise<Response>)>) {
  const calls: FakeCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const entry = answers[`${method} ${url}`];
    if (typeof entry === 'function') return entry();
    const answer = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!answer) return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: url } }), { status: 404 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

/**
 * `answer`, for fakeApi, after doing what a browser does to the focus while a form sends: its submit button is
 * disabled, and a browser moves the focus off a disabled element to the page (HTML's focus fixup); the test DOM
 * (happy-dom) leaves it there. For tests of where the focus goes once the answer is in.
 */
export function answerAfterFocusFixup(answer: FakeAnswer): () => Promise<Response> {
  return async () => {
    const active = document.activeElement as (HTMLElement & { disabled?: boolean }) | null;
    // happy-dom ignores blur() on a disabled element, and the button is disabled by now when the form re-rendered
    // before sending (react-hook-form validates first): enabled for the blur only, else nothing would be dropped.
    if (active?.disabled === true) {
      active.disabled = false;
      active.blur();
      active.disabled = true;
    } else active?.blur();
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

/** An API error answer for fakeApi. */
export const apiError = (status: number, code: string, fields?: Record<string, string>): FakeAnswer => ({
  status,
  body: { error: { code, message: code, fields } },
});

/** Shows the current location, so tests can assert where a screen navigated to (`data-testid="location"`). */
function Location() {
  const { pathname, search, state } = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(state)}>
      {pathname + search}
    </div>
  );
}

function AreaRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function GuardedAreaRoutes({ routes }: { routes: RouteObject[] }) {
  useSessionGuard();
  return useRoutes(routes);
}

/**
 * An area's real routes at `path`, as the shell mounts them; `sessionGuard` applies the session rules the
 * shell applies (401 → home, unverified → waiting page).
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string | { pathname: string; search?: string; state?: unknown },
  { sessionGuard = false } = {},
) {
  const Area = sessionGuard ? GuardedAreaRoutes : AreaRoutes;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Area routes={routes} />} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}
