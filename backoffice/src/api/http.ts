import { HttpError } from 'react-admin';
import { hasText } from '../i18n/i18nProvider.ts';
import { clearSession, readSession } from './session.ts';

/** Every call of the back office goes to the admin API, and nowhere else. */
export const adminBase = '/api/admin';

export type FieldErrors = Record<string, string>;

/**
 * A failed admin call: its HTTP status and the envelope's code, message and field errors. It is react-admin's
 * HttpError, whose `body.errors` react-admin puts under the form's inputs (server-side validation).
 */
export class AdminError extends HttpError {
  constructor(
    message: string,
    status: number,
    readonly code: string,
    readonly fields: FieldErrors = {},
    /** The whole error body, for calls that answer more than the envelope (a refused import's report). */
    readonly envelope: Record<string, unknown> = {},
  ) {
    // A field error the back office has a text for (a code such as `password_too_short`) is shown translated.
    super(message, status, {
      code,
      errors: Object.fromEntries(Object.entries(fields).map(([path, text]) => [path, fieldErrorKey(text)])),
    });
    // react-admin's HttpError resets the prototype to its own; keep this class's, so `instanceof AdminError` holds.
    Object.setPrototypeOf(this, AdminError.prototype);
    this.name = 'AdminError';
  }
}

/** A field error of the API (a code, or an English sentence) as a text key of the back office, or itself. */
export function fieldErrorKey(message: string): string {
  const key = `bo.fieldError.${message}`;
  return hasText(key) ? key : message;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Send without the staff token (login, setup). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** Listeners told when the API says the staff session is over (401): the app goes back to the login. */
const sessionEndedListeners = new Set<() => void>();
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export function adminUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `${adminBase}${path}${search ? `?${search}` : ''}`;
}

function headersFor(request: AdminRequest, json: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (json) headers.set('Content-Type', 'application/json');
  const session = request.anonymous ? null : readSession();
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  return headers;
}

/** Turns a failed response into an AdminError, reading the error envelope when there is one. */
export async function errorOf(response: Response): Promise<AdminError> {
  let code = response.status === 401 ? 'UNAUTHORIZED' : 'HTTP_ERROR';
  let message = response.statusText || `HTTP ${response.status}`;
  let fields: FieldErrors = {};
  let envelope: Record<string, unknown> = {};
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string; fields?: FieldErrors } };
    envelope = body && typeof body === 'object' ? body : {};
    if (body?.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
      fields = body.error.fields ?? {};
    }
  } catch {
    // Not JSON (a proxy's error page): keep the status.
  }
  return new AdminError(message, response.status, code, fields, envelope);
}

async function send(path: string, request: AdminRequest, body: BodyInit | undefined, json: boolean) {
  const response = await fetch(adminUrl(path, request.query), {
    method: request.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: headersFor(request, json),
    body,
    signal: request.signal,
  });
  if (!response.ok) {
    const error = await errorOf(response);
    if (response.status === 401 && !request.anonymous) {
      clearSession();
      for (const listener of sessionEndedListeners) listener();
    }
    throw error;
  }
  return response;
}

/** Calls the admin API and unwraps `{ result }`. */
export async function adminCall<T>(path: string, request: AdminRequest = {}): Promise<T> {
  const hasBody = request.body !== undefined;
  const response = await send(path, request, hasBody ? JSON.stringify(request.body) : undefined, hasBody);
  const text = await response.text();
  if (!text) return undefined as T;
  return (JSON.parse(text) as { result: T }).result;
}

/** Calls the admin API with a raw body (a file upload), unwrapping `{ result }`. */
export async function adminUpload<T>(path: string, body: FormData, request: AdminRequest = {}): Promise<T> {
  const response = await send(path, { ...request, method: request.method ?? 'POST' }, body, false);
  return ((await response.json()) as { result: T }).result;
}

/** Downloads a file the admin API answers with (an export), as a Blob with the server's file name. */
export async function adminDownload(path: string, request: AdminRequest = {}): Promise<{ blob: Blob; name: string }> {
  const response = await send(path, request, undefined, false);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'export';
  return { blob: await response.blob(), name };
}
