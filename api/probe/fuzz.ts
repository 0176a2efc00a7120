import { errorBodySchema } from '@shop/shared/contract';
import type { RouteEntry } from '../src/test/routes.ts';
import type { RouteExample } from './examples.ts';
import { changedTables, type Fingerprint } from './fingerprint.ts';
import {
  controlCharacters,
  draw,
  hostileText,
  hostileValue,
  pathsOf,
  rawBodies,
  seedOf,
  valueAt,
  withPollution,
  withValueAt,
} from './hostile.ts';

/** Which token a request carries: the probe customer's live one, none, or a made-up one. */
export type TokenChoice = 'live' | 'none' | 'junk';

export interface ProbeRequest {
  method: string;
  /** Path and query exactly as they go on the wire (already encoded). */
  url: string;
  headers: Record<string, string>;
  body?: string;
  token: TokenChoice;
  /** What was spoiled, for the report of a failure. */
  label: string;
  /** The whole request as raw bytes, for what no HTTP client would send (only a socket can: `npm run probe`). */
  raw?: string;
}

export interface ProbeAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Where the requests go (app.inject in the tests, a real API process for `npm run probe`) and how state is read. */
export interface ProbeTarget {
  send(request: ProbeRequest): Promise<ProbeAnswer>;
  fingerprint(): Promise<Fingerprint>;
}

export interface ProbeFigures {
  requests: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** 4xx/5xx answers whose body is not `{ error: { code, message } }` JSON. */
  withoutEnvelope: number;
  /** Rejected requests (4xx/5xx) after which the shop's state differed. */
  stateChanges: number;
  /** Answers by status, for the printout. */
  statuses: Map<number, number>;
  /** The first problems, described. */
  problems: string[];
}

/**
 * Percent-encoding that also takes lone surrogates (encodeURIComponent throws on them): their three bytes go out
 * as they are, which is invalid UTF-8 on the wire, another thing a server must refuse politely.
 */
export function encodeAnything(text: string): string {
  return Array.from(text, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  }).join('');
}

const encodeQuery = (query: Record<string, string | string[]>) =>
  Object.entries(query)
    .flatMap(([key, value]) =>
      Array.isArray(value) ? value.map((v) => `${key}[]=${encodeAnything(v)}`) : [`${key}=${encodeAnything(value)}`],
    )
    .join('&');

interface Parts {
  params: Record<string, string>;
  /** Path segments given raw (not percent-encoded again), for malformed escapes. */
  rawParams?: boolean;
  query?: Record<string, string | string[]>;
  rawQuery?: string;
  body?: unknown;
  rawBody?: { body: string; contentType: string };
  method?: string;
  token: TokenChoice;
  authorization?: string;
  label: string;
}

function build(route: RouteEntry, parts: Parts): ProbeRequest {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = parts.params[name] ?? 'x';
    return parts.rawParams ? value : encodeAnything(value);
  });
  const query = parts.rawQuery ?? (parts.query ? encodeQuery(parts.query) : '');
  const headers: Record<string, string> = {};
  if (parts.authorization) headers.authorization = parts.authorization;
  let body: string | undefined;
  if (parts.rawBody) {
    body = parts.rawBody.body;
    headers['content-type'] = parts.rawBody.contentType;
  } else if (parts.body !== undefined) {
    body = JSON.stringify(parts.body);
    headers['content-type'] = 'application/json';
  }
  return {
    method: parts.method ?? route.method,
    url: query ? `${path}?${query}` : path,
    headers,
    body,
    token: parts.token,
    label: parts.label,
  };
}

/**
 * The hostile requests for one route: its example as is, then one spoiled part per request (every text with a
 * control character, every value swapped for a hostile one, prototype keys, raw junk bodies, spoiled query
 * values and path segments, a wrong method), and `randomCount` random swaps drawn with fast-check.
 */
export function hostileRequests(
  route: RouteEntry,
  example: RouteExample | undefined,
  { seed, randomCount }: { seed: number; randomCount: number },
): ProbeRequest[] {
  const own = seedOf(`${route.method} ${route.url}`, seed);
  const params = example?.params ?? Object.fromEntries(route.params.map((name) => [name, 'x']));
  const query = example?.query;
  const body = example?.body ?? (route.hasBody ? {} : undefined);
  // A customer's calls mostly with the live token (so the input reaches validation), sometimes without.
  const tokens: TokenChoice[] =
    route.bearer === 'verified' || route.bearer === 'unverified'
      ? ['live', 'live', 'live', 'none', 'junk']
      : ['none', 'none', 'live', 'junk'];
  let turn = 0;
  const token = () => (route.url === '/api/customer/logout' ? 'junk' : tokens[turn++ % tokens.length]!);
  const base = { params, query, body };
  const requests: ProbeRequest[] = [build(route, { ...base, token: token(), label: 'the example' })];
  const add = (parts: Partial<Omit<Parts, 'token' | 'label'>> & { label: string; token?: TokenChoice }) =>
    requests.push(build(route, { ...base, token: token(), ...parts }));

  if (body !== undefined) {
    const paths = pathsOf(body);
    const values = draw(hostileValue, own, Math.max(paths.length, 1));
    paths.forEach((path, i) => {
      const at = path.join('.');
      const current = valueAt(body, path);
      if (typeof current === 'string') {
        add({ body: withValueAt(body, path, `${current}\u0000`), label: `NUL in ${at}` });
        const control = controlCharacters[(i % (controlCharacters.length - 1)) + 1]!;
        add({
          body: withValueAt(body, path, `${current}${control}`),
          label: `U+${control.charCodeAt(0).toString(16).padStart(4, '0')} in ${at}`,
        });
      }
      add({ body: withValueAt(body, path, values[i]), label: `hostile value in ${at}` });
      if (current && typeof current === 'object' && !Array.isArray(current))
        add({ body: withPollution(body, path), label: `prototype keys in ${at}` });
    });
    if (body && typeof body === 'object' && !Array.isArray(body))
      add({ body: withPollution(body, []), label: 'prototype keys at the top' });
    for (const raw of rawBodies) add({ rawBody: raw, label: `raw body ${raw.contentType}: ${raw.body.slice(0, 30)}` });
    if (paths.length > 0) {
      const picks = draw(hostileValue, own + 1, randomCount);
      picks.forEach((value, i) => {
        const path = paths[(i * 7919) % paths.length]!;
        add({ body: withValueAt(body, path, value), label: `random value in ${path.join('.')}` });
      });
    }
  }

  if (query || route.hasQuery) {
    // A route that takes no query still gets one: each must be refused alike.
    const keys = Object.keys(query ?? {}).length > 0 ? Object.keys(query!) : ['q'];
    const texts = draw(hostileText, own + 2, keys.length * 3 + randomCount);
    keys.forEach((key, i) => {
      add({ query: { ...query, [key]: '\u0000' }, label: `NUL in query ${key}` });
      add({ query: { ...query, [key]: texts[i * 3]! }, label: `hostile query ${key}` });
      add({
        query: { ...query, [key]: [texts[i * 3 + 1]!, texts[i * 3 + 2]!] },
        label: `hostile list in query ${key}`,
      });
    });
    texts
      .slice(keys.length * 3)
      .forEach((text, i) => add({ query: { ...query, [keys[i % keys.length]!]: text }, label: 'random query value' }));
    add({ query: { ...query, unexpected: 'x' }, label: 'unknown query key' });
    add({
      rawQuery: `${keys[0]}=%E0%A4%A&__proto__[polluted]=yes&constructor[prototype][polluted]=yes`,
      label: 'malformed escape and prototype keys in the query',
    });
    add({ rawQuery: `${keys[0]}=${'x'.repeat(12_000)}`, label: 'long query' });
  }

  if (route.params.length > 0) {
    const texts = draw(hostileText, own + 3, route.params.length * 4);
    route.params.forEach((name, i) => {
      add({ params: { ...params, [name]: '\u0000' }, label: `NUL in path ${name}` });
      add({ params: { ...params, [name]: `${params[name]}\u001f` }, label: `U+001F in path ${name}` });
      for (const text of texts.slice(i * 4, i * 4 + 4))
        add({ params: { ...params, [name]: text || 'x' }, label: `hostile path ${name}` });
      add({ params: { ...params, [name]: 'x'.repeat(150) }, label: `long path ${name}` });
      add({ params: { ...params, [name]: '%zz%E0%A4%A' }, rawParams: true, label: `malformed escape in path ${name}` });
    });
  }

  add({ method: route.method === 'GET' ? 'DELETE' : 'PATCH', label: 'a method the route does not have' });
  if (route.bearer) {
    add({ token: 'none', authorization: `Bearer ${'x'.repeat(8_000)}`, label: 'overlong bearer token' });
    add({ token: 'none', authorization: 'Basic cHJvYmU6cHJvYmU=', label: 'another scheme' });
  }
  return requests;
}

const isEnvelope = (answer: ProbeAnswer) => {
  if (!/^application\/json/i.test(answer.contentType)) return false;
  try {
    return errorBodySchema.safeParse(JSON.parse(answer.body)).success;
  } catch {
    return false;
  }
};

/** Waits until the state stops changing (mails sent after an accepted request's answer), at most ~1 s. */
async function settle(target: ProbeTarget, last: Fingerprint): Promise<Fingerprint> {
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const next = await target.fingerprint();
    if (changedTables(last, next).length === 0) return next;
    last = next;
  }
  return last;
}

/**
 * Sends the requests one after the other and counts what must never happen: a 5xx, an error answer without the
 * envelope, a rejected request that changed the shop's state. The state is fingerprinted after every request;
 * an accepted one (2xx/3xx) becomes the new baseline once its after-work has settled.
 */
export async function runHostileRequests(
  target: ProbeTarget,
  requests: readonly ProbeRequest[],
): Promise<ProbeFigures> {
  const figures: ProbeFigures = {
    requests: 0,
    serverErrors: 0,
    withoutEnvelope: 0,
    stateChanges: 0,
    statuses: new Map(),
    problems: [],
  };
  const problem = (request: ProbeRequest, text: string) => {
    if (figures.problems.length < 20)
      figures.problems.push(`${request.method} ${request.url.slice(0, 120)} [${request.label}]: ${text}`);
  };
  let baseline = await target.fingerprint();
  for (const request of requests) {
    const answer = await target.send(request);
    figures.requests++;
    figures.statuses.set(answer.status, (figures.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500) {
      figures.serverErrors++;
      problem(request, `${answer.status} ${answer.body.slice(0, 200)}`);
    }
    if (answer.status >= 400 && !isEnvelope(answer)) {
      figures.withoutEnvelope++;
      problem(request, `no envelope: ${answer.status} ${answer.contentType} ${answer.body.slice(0, 200)}`);
    }
    const after = await target.fingerprint();
    if (answer.status >= 400) {
      const changed = changedTables(baseline, after);
      if (changed.length > 0) {
        figures.stateChanges++;
        problem(request, `rejected with ${answer.status}, yet changed ${changed.join(', ')}`);
      }
      baseline = after;
    } else {
      baseline = request.method === 'GET' ? after : await settle(target, after);
    }
  }
  return figures;
}

/** Adds up the figures of several runs. */
export function addFigures(all: readonly ProbeFigures[]): ProbeFigures {
  const total: ProbeFigures = {
    requests: 0,
    serverErrors: 0,
    withoutEnvelope: 0,
    stateChanges: 0,
    statuses: new Map(),
    problems: [],
  };
  for (const figures of all) {
    total.requests += figures.requests;
    total.serverErrors += figures.serverErrors;
    total.withoutEnvelope += figures.withoutEnvelope;
    total.stateChanges += figures.stateChanges;
    for (const [status, count] of figures.statuses)
      total.statuses.set(status, (total.statuses.get(status) ?? 0) + count);
    total.problems.push(...figures.problems);
  }
  return total;
}

/**
 * Requests that Node's HTTP parser refuses before Fastify sees them (headers or request line over the size limit,
 * no HTTP at all, a broken Content-Length), and a path the router refuses: sent over a raw socket.
 */
export function rawSocketRequests(): ProbeRequest[] {
  const raw = (label: string, text: string): ProbeRequest => ({
    method: 'RAW',
    url: text.split('\r\n')[0]!.slice(0, 60),
    headers: {},
    token: 'none',
    label,
    raw: text,
  });
  return [
    raw(
      'header over the size limit',
      `GET /api/health HTTP/1.1\r\nHost: probe\r\nX-Junk: ${'a'.repeat(20_000)}\r\n\r\n`,
    ),
    raw(
      'request line over the size limit',
      `GET /api/course/search?tags=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: probe\r\n\r\n`,
    ),
    raw('no HTTP at all', 'HELLO PROBE\r\n\r\n'),
    raw('a NUL in the request line', 'GET /api/health\u0000 HTTP/1.1\r\nHost: probe\r\n\r\n'),
    raw('an unknown HTTP version', 'GET /api/health HTTP/7.0\r\nHost: probe\r\n\r\n'),
    raw('a negative Content-Length', 'POST /api/cart/validate HTTP/1.1\r\nHost: probe\r\nContent-Length: -5\r\n\r\n'),
    raw(
      'two Content-Lengths',
      'POST /api/cart/validate HTTP/1.1\r\nHost: probe\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    ),
    raw(
      'a malformed escape in the path',
      'GET /api/cart/sync/%E0%A4%A HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n',
    ),
    raw(
      'a path parameter over the router limit',
      `GET /api/exam/level/${'B'.repeat(300)} HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n`,
    ),
  ];
}

/** The route's key in the examples: `METHOD /path` as registered. */
export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** Every route's hostile requests, in route order. */
export function hostileRequestsForAll(
  routes: readonly RouteEntry[],
  examples: Record<string, RouteExample>,
  options: { seed: number; randomCount: number },
): ProbeRequest[] {
  return routes.flatMap((route) => hostileRequests(route, examples[routeKey(route)], options));
}
