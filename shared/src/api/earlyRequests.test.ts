import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoDateMonthsAfter } from '../format/date.ts';
import { composedResponse, earlyResponsesKey, fillReadDates, startPageReads } from './earlyRequests.js';

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[earlyResponsesKey];
  vi.unstubAllGlobals();
});

describe('fillReadDates', () => {
  it('writes the day N months after today as isoDateMonthsAfter does, month ends and leap days included', () => {
    const days = [
      new Date(2026, 0, 31),
      new Date(2027, 10, 30),
      new Date(2027, 10, 29, 23, 59),
      new Date(2028, 1, 29),
      new Date(2026, 11, 31, 0, 0, 1),
      new Date(2026, 2, 29),
      new Date(2026, 7, 15, 12),
    ];
    for (const today of days) {
      for (const months of [0, 1, 3, 6, 9, 12]) {
        expect(fillReadDates(`{monthsFromToday:${months}}`, today), `${today.toString()} + ${months}`).toBe(
          isoDateMonthsAfter(today, months),
        );
      }
    }
  });

  it('fills every placeholder of a path and leaves the rest as it is', () => {
    expect(
      fillReadDates('/course/search?a={monthsFromToday:3}&b={monthsFromToday:12}&c={x}', new Date(2026, 10, 24)),
    ).toBe('/course/search?a=2027-02-24&b=2027-11-24&c={x}');
  });
});

describe('startPageReads (its text runs in the page)', () => {
  const run = (paths: string[]) => {
    const fetchMock = vi.fn((_url: string) => Promise.resolve(Response.json({})));
    vi.stubGlobal('fetch', fetchMock);
    new Function(
      `(${startPageReads.toString()})('/api', ${JSON.stringify(paths)}, ${JSON.stringify(earlyResponsesKey)}, ${fillReadDates.toString()})`,
    )();
    return fetchMock;
  };
  const responses = () =>
    (window as unknown as Record<string, Record<string, Promise<Response>>>)[earlyResponsesKey] ?? {};

  it('starts each read under the API base, beside the reads already started, and none twice', () => {
    const shells = { '/api/shop/mode': Promise.resolve(new Response()) };
    (window as unknown as Record<string, unknown>)[earlyResponsesKey] = shells;
    const today = isoDateMonthsAfter(new Date(), 3);
    const fetchMock = run(['/course/tags', '/course/search?until={monthsFromToday:3}', '/shop/mode']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/course/tags', `/api/course/search?until=${today}`]);
    expect(Object.keys(responses())).toEqual([
      '/api/shop/mode',
      '/api/course/tags',
      `/api/course/search?until=${today}`,
    ]);
  });

  it('starts none at an address with a query, whose screen asks for other data, or without listed reads', () => {
    window.history.replaceState(null, '', '/courses?courseType=3');
    const withQuery = run(['/course/tags']);
    window.history.replaceState(null, '', '/courses');
    startPageReads('/api', undefined, earlyResponsesKey, fillReadDates);
    expect(withQuery).not.toHaveBeenCalled();
    expect(responses()).toEqual({});
  });

  it('keeps a failed read for call() to report, without an unhandled rejection', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchMock);
    startPageReads('/api', ['/course/tags'], earlyResponsesKey, fillReadDates);
    await expect(responses()['/api/course/tags']).rejects.toThrow('offline');
  });
});

describe('composedResponse (its text runs in the page)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("answers the page's composition as remotes.json's response would", async () => {
    document.body.innerHTML = '<script type="application/json" id="composition">{"timeoutMs":1500}</script>';
    const response = new Function(`return (${composedResponse.toString()})('composition')`)() as Promise<Response>;
    expect(response).toBeInstanceOf(Promise);
    const answer = await response;
    expect(answer.ok).toBe(true);
    expect(answer.headers.get('Content-Type')).toBe('application/json');
    expect(await answer.json()).toEqual({ timeoutMs: 1500 });
  });

  it('answers nothing for an empty or missing element: the page then fetches remotes.json', () => {
    expect(composedResponse('composition')).toBeUndefined();
    document.body.innerHTML = '<script type="application/json" id="composition"></script>';
    expect(composedResponse('composition')).toBeUndefined();
  });
});
