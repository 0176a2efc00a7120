import type { z } from 'zod';
import { errorBodySchema } from '../contract/index.ts';
import { earlyResponsesKey } from './earlyRequests.js';
import { ApiError } from './errors.ts';
import { publishUnauthorized } from './unauthorized.ts';

/** Base URL of the shop API. Relative by default: the shell (and every standalone remote) proxies `/api`. */
let apiBase = '/api';
let tokenSource: () => string | null = () => null;

export function configureApi(options: { base?: string; token?: () => string | null }): void {
  if (options.base !== undefined) apiBase = options.base.replace(/\/$/, '');
  if (options.token) tokenSource = options.token;
}

type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

export interface CallOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Schema of `result`; a response that does not match is treated like a missing result. */
  result: T;
  /** docs/product-rules.md#errors message thrown when the call fails or `result` is missing. */
  failure: string;
  /** Send the bearer token when there is one. */
  auth?: boolean;
  /** Login answers 401 for wrong credentials: that must not log anybody out (docs/product-rules.md#api-calls). */
  skipUnauthorizedEvent?: boolean;
  signal?: AbortSignal;
}

/** Arrays go out as `key[]=a&key[]=b` (docs/product-rules.md#api-calls `tags[]`); empty values are left out. */
export function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The response of a request the shell page's inline script already started for this URL (earlyRequests.js), handed
 * out once: a later call of the same URL (a retry, a language switch back) asks the server afresh.
 */
function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const early = (globalThis as { [earlyResponsesKey]?: Record<string, Promise<Response>> })[earlyResponsesKey];
  const response = early?.[url];
  if (response) delete early[url];
  return response;
}

/**
 * An early response for a call with an abort signal: the inline script's request cannot be aborted, but the call
 * still rejects as an aborted fetch would, and its answer is left unread.
 */
function untilAborted(response: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return response;
  const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** One call of docs/product-rules.md#api-calls: sends it, unwraps `{ result }`, and turns every failure into an ApiError. */
export async function call<T extends z.ZodType>(options: CallOptions<T>): Promise<z.infer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.auth ? tokenSource() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = `${apiBase}${options.path}${toQueryString(options.query ?? {})}`;
  const method = options.method ?? 'GET';
  // Only a plain read can be an early one: the inline script sends no token and no body.
  const early = method === 'GET' && !token ? takeEarlyResponse(url) : undefined;
  let response: Response;
  try {
    response = await (early
      ? untilAborted(early, options.signal)
      : fetch(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(options.failure, 0);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // A 401 ends the session that was refused, not a newer one: an answer to a token this page has replaced
    // meanwhile (rotated by a password change, another login) must not log out the session that replaced it.
    const refusedCurrent = token === null || token === tokenSource();
    if (response.status === 401 && !options.skipUnauthorizedEvent && refusedCurrent) publishUnauthorized();
    const body = errorBodySchema.safeParse(payload);
    throw new ApiError(options.failure, response.status, body.success ? body.data : undefined, payload);
  }
  const result = (payload as { result?: unknown } | undefined)?.result;
  if (result === undefined) throw new ApiError(options.failure, response.status);
  const parsed = options.result.safeParse(result);
  if (!parsed.success) throw new ApiError(options.failure, response.status);
  return parsed.data;
}
