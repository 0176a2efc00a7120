import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, configureApi, toQueryString } from './client.ts';
import { earlyResponsesKey } from './earlyRequests.js';
import { ApiError } from './errors.ts';
import { onUnauthorized } from './unauthorized.ts';

function answer(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => configureApi({ base: '/api', token: () => null }));

describe('toQueryString', () => {
  it('writes arrays as key[] and leaves out empty values', () => {
    expect(toQueryString({ tags: ['a1', 'monday'], type: 1, page: undefined, priceMin: '', x: null })).toBe(
      '?tags%5B%5D=a1&tags%5B%5D=monday&type=1',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe('call', () => {
  it('unwraps result and validates it', async () => {
    const fetch = answer(200, { result: { n: 3 } });
    await expect(
      call({ path: '/x', query: { a: 1 }, result: z.object({ n: z.number() }), failure: 'Failed to x' }),
    ).resolves.toEqual({ n: 3 });
    expect(fetch).toHaveBeenCalledWith('/api/x?a=1', expect.objectContaining({ method: 'GET' }));
  });

  it('throws the docs/product-rules.md#errors message when result is missing or malformed', async () => {
    answer(200, { nothing: true });
    await expect(call({ path: '/x', result: z.number(), failure: 'Failed to search courses' })).rejects.toThrow(
      'Failed to search courses',
    );
    answer(200, { result: 'text' });
    await expect(call({ path: '/x', result: z.number(), failure: 'Failed to search courses' })).rejects.toThrow(
      'Failed to search courses',
    );
  });

  it('carries the server error, its fields and meta message', async () => {
    answer(400, {
      error: { code: 'VALIDATION_ERROR', message: 'Invalid', fields: { type: 'Invalid input' } },
      meta: { message: 'Bitte prüfen' },
    });
    const error = await call({ path: '/x', result: z.number(), failure: 'Failed to x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { type: 'Invalid input' },
      userMessage: 'Bitte prüfen',
    });
  });

  it('sends the bearer token when asked and JSON bodies', async () => {
    configureApi({ token: () => 'tok123' });
    const fetch = answer(200, { result: 1 });
    await call({ method: 'POST', path: '/y', body: { a: 1 }, auth: true, result: z.number(), failure: 'f' });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok123', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('publishes the unauthorized event on 401, except for login', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    answer(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
    await expect(
      call({ path: '/customer/me', auth: true, result: z.unknown(), failure: 'Failed to fetch customer data' }),
    ).rejects.toThrow();
    expect(listener).toHaveBeenCalledTimes(1);
    answer(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
    await expect(
      call({
        method: 'POST',
        path: '/customer/login',
        skipUnauthorizedEvent: true,
        result: z.unknown(),
        failure: 'Login failed: Invalid email or password',
      }),
    ).rejects.toThrow('Login failed: Invalid email or password');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('turns a network failure into the call failure', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      call({ path: '/x', result: z.number(), failure: 'Failed to fetch translations' }),
    ).rejects.toMatchObject({
      message: 'Failed to fetch translations',
      status: 0,
    });
  });
});

describe('call, with reads the page started early (earlyRequests.js)', () => {
  const early = (url: string, n: number) => {
    const responses = { [url]: Promise.resolve(Response.json({ result: { n } })) };
    (globalThis as Record<string, unknown>)[earlyResponsesKey] = responses;
    return responses;
  };
  const read = (auth = false) =>
    call({ path: '/x', query: { a: 1 }, result: z.object({ n: z.number() }), failure: 'Failed to x', auth });
  afterEach(() => delete (globalThis as Record<string, unknown>)[earlyResponsesKey]);
  const server = () =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(Response.json({ result: { n: 2 } })));

  it('takes the early answer of the same URL once, then asks the server afresh', async () => {
    const fetch = server();
    early('/api/x?a=1', 1);
    await expect(read()).resolves.toEqual({ n: 1 });
    expect(fetch).not.toHaveBeenCalled();
    await expect(read()).resolves.toEqual({ n: 2 });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('never for another URL, a write or a call with a token', async () => {
    const fetch = server();
    early('/api/x?a=2', 1);
    await expect(read()).resolves.toEqual({ n: 2 });
    const responses = early('/api/x?a=1', 1);
    await call({ method: 'POST', path: '/x', query: { a: 1 }, body: {}, result: z.unknown(), failure: 'Failed to x' });
    configureApi({ token: () => 'token' });
    await expect(read(true)).resolves.toEqual({ n: 2 });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(Object.keys(responses)).toEqual(['/api/x?a=1']);
  });

  it('takes it for a call with an abort signal too, and rejects as an aborted fetch once the signal aborts', async () => {
    const fetch = server();
    const withSignal = (signal: AbortSignal) =>
      call({ path: '/x', query: { a: 1 }, result: z.object({ n: z.number() }), failure: 'Failed to x', signal });
    early('/api/x?a=1', 1);
    await expect(withSignal(new AbortController().signal)).resolves.toEqual({ n: 1 });
    let answer!: (response: Response) => void;
    (globalThis as Record<string, unknown>)[earlyResponsesKey] = {
      '/api/x?a=1': new Promise<Response>((resolve) => (answer = resolve)),
    };
    const controller = new AbortController();
    const aborted = withSignal(controller.signal);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    answer(Response.json({ result: { n: 1 } }));
    expect(fetch).not.toHaveBeenCalled();
  });
});
