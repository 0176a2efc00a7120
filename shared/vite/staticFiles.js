/**
 * The built files served as a production host serves them (docs/decisions/0013-share-strategy.md,
 * docs/deploy.md): brotli and gzip made once at build time, the best one the browser accepts sent with
 * `Vary: Accept-Encoding`; hashed files under assets/ cached for a year as immutable; everything else
 * (HTML, remoteEntry.js, remotes.json, manifests, embed.js) revalidated on every use, since its name stays
 * while its content changes with each deploy. Plain JavaScript: Vite loads its config without a TS loader.
 */
import { createReadStream, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { mergePolicies } from '../server/csp.js';
import { pagePolicyOf, writePagePolicies } from './pagePolicy.js';

/** Text types worth compressing; images and fonts are compressed already. */
const compressible = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map']);
const contentTypes = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};
/** Smaller than this, a compressed copy saves less than its headers cost. */
const minimumBytes = 512;

export const immutableCaching = 'public, max-age=31536000, immutable';
export const revalidateCaching = 'no-cache';

/**
 * Cache-Control of a built file by its URL path: content-hashed assets never change under their name.
 * @param {string} urlPath
 */
export function cachingFor(urlPath) {
  return urlPath.includes('/assets/') ? immutableCaching : revalidateCaching;
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Writes `file.br` and `file.gz` next to every compressible file of `outDir` (maximum levels: it runs once per
 * build, not per request).
 * @param {string} outDir
 */
export function precompress(outDir) {
  for (const file of filesUnder(outDir)) {
    if (compressible.has(extname(file))) writeCompressedCopies(file, readFileSync(file));
  }
}

/**
 * `file.br` and `file.gz` of `body`, or neither when `body` is too small (a stale copy is removed: the servers
 * would prefer it to the file).
 * @param {string} file
 * @param {Buffer} body
 */
function writeCompressedCopies(file, body) {
  if (body.length < minimumBytes) {
    for (const copy of [`${file}.br`, `${file}.gz`]) rmSync(copy, { force: true });
    return;
  }
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
}

/**
 * Replaces a built file after the build (`npm run compose`), with its compressed copies.
 * @param {string} file
 * @param {string} text
 */
export function writeWithCompressedCopies(file, text) {
  const body = Buffer.from(text);
  writeFileSync(file, body);
  writeCompressedCopies(file, body);
}

/**
 * The encoding to send: brotli before gzip when the browser accepts it and the copy exists.
 * @param {string | undefined} acceptEncoding
 * @param {string} file
 * @returns {{ encoding: 'br' | 'gzip', file: string } | null}
 */
export function pickEncoding(acceptEncoding, file) {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted) && existsSync(`${file}.br`)) return { encoding: 'br', file: `${file}.br` };
  if (/\bgzip\b/.test(accepted) && existsSync(`${file}.gz`)) return { encoding: 'gzip', file: `${file}.gz` };
  return null;
}

/** @type {Map<string, { mtimeMs: number, size: number, policy: string | null }>} */
const pagePolicies = new Map();

/**
 * The script policy a built page carries (pagePolicy.js), read once per version of the file.
 * @param {string} file
 */
function policyOfPage(file) {
  const { mtimeMs, size } = statSync(file);
  const known = pagePolicies.get(file);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known.policy;
  const policy = pagePolicyOf(readFileSync(file, 'utf8'));
  pagePolicies.set(file, { mtimeMs, size, policy });
  return policy;
}

/**
 * The headers of one file: the server's own, and for a page the Content-Security-Policy with the script policy
 * the page carries (the same policy as its `<meta>`, plus what only a header can say: frame-ancestors).
 * @param {string} file
 * @param {Record<string, string | number | readonly string[]>} headers
 * @returns {Record<string, string | number | readonly string[]>}
 */
function headersOf(file, headers) {
  if (extname(file) !== '.html') return headers;
  const policy = policyOfPage(file);
  if (!policy) return headers;
  const base = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-security-policy');
  const name = base?.[0] ?? 'Content-Security-Policy';
  return { ...headers, [name]: base ? mergePolicies(String(base[1]), policy) : policy };
}

/**
 * Connect middleware serving the files of `outDir` with the caching and encodings above, plus the server's
 * own `headers` (the hardening headers; a page's with its script policy). What it does not find (client-side
 * routes, answered with index.html by the next handler) is marked for revalidation; `/api` passes untouched to
 * the proxy.
 * @param {string} outDir
 * @param {Record<string, string | number | readonly string[]>} [headers]
 */
export function staticFilesMiddleware(outDir, headers = {}) {
  const root = resolve(outDir);
  /** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void} */
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return next();
    const file = normalize(join(root, urlPath));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      // The HTML fallback (index.html for client-side routes) must be revalidated too.
      res.setHeader('Cache-Control', revalidateCaching);
      return next();
    }
    for (const [name, value] of Object.entries(headersOf(file, headers))) res.setHeader(name, value);
    const encoded = pickEncoding(req.headers['accept-encoding'], file);
    const served = encoded?.file ?? file;
    res.setHeader(
      'Content-Type',
      contentTypes[/** @type {keyof typeof contentTypes} */ (extname(file))] ?? 'application/octet-stream',
    );
    res.setHeader('Cache-Control', cachingFor(urlPath));
    const vary = res.getHeader('Vary');
    res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (encoded) res.setHeader('Content-Encoding', encoded.encoding);
    const { size, mtime } = statSync(served);
    const etag = `"${size.toString(16)}-${mtime.getTime().toString(16)}${encoded ? `-${encoded.encoding}` : ''}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Content-Length', size);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.removeHeader('Content-Length');
      return res.end();
    }
    if (req.method === 'HEAD') return res.end();
    createReadStream(served).pipe(res);
  };
}

/**
 * Vite plugins: write each page's script policy and precompress the build output, and serve it from
 * `vite preview` as a production host would.
 * @param {{ pageOrigins?: (page: string) => readonly string[] }} [options] the origins besides its own each built
 *   page may load scripts from (pagePolicy.js; none by default)
 * @returns {import('vite').Plugin[]}
 */
export function productionStaticFiles({ pageOrigins = () => [] } = {}) {
  /** @type {string} */
  let outDir = 'dist';
  return [
    {
      name: 'shop-precompress',
      apply: 'build',
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
      },
      closeBundle() {
        if (!existsSync(outDir)) return;
        writePagePolicies(outDir, pageOrigins, (file, html) => writeFileSync(file, html));
        precompress(outDir);
      },
    },
    {
      name: 'shop-production-static-files',
      apply: 'serve',
      configurePreviewServer(server) {
        const dist = resolve(server.config.root, server.config.build.outDir);
        const serve = staticFilesMiddleware(dist, server.config.preview.headers ?? {});
        server.middlewares.use(serve);
        // Once more after Vite's SPA fallback has pointed a client-side route at index.html, so that page, too, is
        // served with its script policy (and compressed) rather than by Vite with the server's headers alone.
        return () => void server.middlewares.use(serve);
      },
    },
  ];
}
