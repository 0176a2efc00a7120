/**
 * The Content-Security-Policy of the shop's pages, in one place for every server and build that makes one (the
 * areas' static builds and servers, `npm run compose`, the API, and any later page such as the back office):
 * docs/deploy.md#content-security-policy and docs/decisions/0089-script-policy-in-the-page.md.
 *
 * A page's policy lets scripts come only from the page's own origin, the origins named for it (the configured
 * remotes, the tag manager) and the inline scripts it was built with, each allowed by its SHA-256 hash. Never
 * `'unsafe-inline'`, never `'unsafe-eval'`: an injected `<script>`, an event-handler attribute or a `javascript:`
 * address does not run. Plain JavaScript (typed by csp.d.ts): Vite and the compose script load it without a
 * TypeScript loader.
 */
import { createHash } from 'node:crypto';

/**
 * Where Google Tag Manager's container script comes from; the shell loads it only after consent. The same origin as
 * the shell's own `tagManagerOrigin` (shell/src/features/analytics/tagManager.ts), which browser code cannot import
 * from here; e2e/tests/csp.spec.ts fails on a violation if the two ever differ.
 */
export const tagManagerOrigin = 'https://www.googletagmanager.com';

/**
 * A policy as its directives in order, each with its sources (`script-src 'self' https://x` → `['script-src',
 * ["'self'", 'https://x']]`). A directive named twice keeps its first, as browsers do.
 * @param {string} policy
 * @returns {Map<string, string[]>}
 */
export function parsePolicy(policy) {
  /** @type {Map<string, string[]>} */
  const directives = new Map();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!directives.has(key)) directives.set(key, sources);
  }
  return directives;
}

/**
 * @param {Map<string, readonly string[]>} directives
 * @returns {string}
 */
export function formatPolicy(directives) {
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/**
 * `base` with every directive of `page` in place of its own (added at the end when `base` has none): the
 * header of a page is the server's policy (frame-ancestors, …) with the page's own script policy. One
 * directive once: a browser warns about, and ignores, a directive named twice.
 * @param {string} base
 * @param {string} page
 * @returns {string}
 */
export function mergePolicies(base, page) {
  const merged = parsePolicy(base);
  for (const [name, sources] of parsePolicy(page)) merged.set(name, sources);
  return formatPolicy(merged);
}

/**
 * The `'sha256-…'` source of an inline script's text, as the browser hashes it (the element's text; the HTML
 * parser has turned CR LF into LF).
 * @param {string} text
 * @returns {string}
 */
export function scriptHash(text) {
  return `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;
}

/** Script types the browser runs (or reads as an import map); other types are data blocks it never executes. */
const runnableTypes = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

/**
 * The hashes of a page's inline scripts, in their order, each once: every `<script>` without `src` that the
 * browser would run. Comments are skipped; a data block (`type="application/json"`, the composition) needs none.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  /** @type {string[]} */
  const hashes = [];
  for (const match of html.matchAll(/<!--[\s\S]*?-->|<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [whole, attributes = '', text = ''] = match;
    if (whole.startsWith('<!--') || /\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(` ${attributes}`);
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!runnableTypes.has(typeValue)) continue;
    const hash = scriptHash(text);
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return hashes;
}

/**
 * The policy a page carries: scripts from its own origin, `origins` and its inline scripts' hashes; no plugins;
 * a `<base>` only to its own origin. No `'unsafe-inline'`, no `'unsafe-eval'`. Everything here may be delivered in
 * a `<meta>` element (frame-ancestors may not: the servers send that in the header).
 * @param {{ origins?: readonly string[], hashes?: readonly string[] }} sources
 * @returns {string}
 */
export function pageScriptPolicy({ origins = [], hashes = [] }) {
  const allowed = [...new Set(["'self'", ...origins.map((origin) => new URL(origin).origin), ...hashes])];
  return formatPolicy(
    new Map([
      ['script-src', allowed],
      ['object-src', ["'none'"]],
      ['base-uri', ["'self'"]],
    ]),
  );
}

/** One year, as OWASP and ASVS ask for. */
export const hstsMaxAgeSeconds = 31_536_000;

/**
 * The Strict-Transport-Security value: a year, with or without the shop's subdomains.
 * @param {{ includeSubDomains: boolean }} options
 * @returns {string}
 */
export function strictTransportSecurity({ includeSubDomains }) {
  return `max-age=${hstsMaxAgeSeconds}${includeSubDomains ? '; includeSubDomains' : ''}`;
}

/**
 * HSTS_INCLUDE_SUBDOMAINS: whether the HSTS header covers the shop host's subdomains too (`true`, the default
 * ASVS level 2 asks for) or only the host itself (`false`: a subdomain that still serves plain http).
 * @param {string | undefined} value
 * @returns {boolean}
 */
export function parseHstsIncludeSubDomains(value) {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new Error(`HSTS_INCLUDE_SUBDOMAINS must be true or false, got "${value}"`);
}
