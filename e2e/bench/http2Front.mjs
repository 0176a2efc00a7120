/**
 * The bench's HTTP/2 fronts: a TLS server per origin that passes every request to the `vite preview` behind it,
 * so Lighthouse sees the shop served as a production host serves it (HTTP/2 over TLS: one connection per origin,
 * requests multiplexed) instead of preview's HTTP/1.1 (six connections per origin, each request waiting for a free
 * one). Lighthouse's simulation models the protocol it observed (docs/performance.md#what-lighthouses-figure-is-made-of).
 * The certificate is the throw-away self-signed one the fake Mollie uses (api/src/test/fake-mollie); the browser is
 * told to accept it.
 */
import { request } from 'node:http';
import { createSecureServer } from 'node:http2';

/** Headers of one hop that HTTP/2 forbids or that must not travel on. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te']);
const passable = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !hopByHop.has(name)));

/**
 * Serves https://localhost:`port` over HTTP/2 (HTTP/1.1 for clients without it) in front of
 * http://localhost:`targetPort`, and each path prefix of `prefixes` (`/areas/catalog/`) in front of its own port,
 * the prefix taken off: areas deployed under the shop's own origin, as a CDN's path routing serves them.
 * @param {number} port
 * @param {number} targetPort
 * @param {{ key: string, cert: string }} certificate
 * @param {Record<string, number>} [prefixes]
 */
export function http2Front(port, targetPort, certificate, prefixes = {}) {
  const server = createSecureServer({ ...certificate, allowHTTP1: true }, (req, res) => {
    const url = req.url ?? '/';
    const prefix = Object.keys(prefixes).find((candidate) => url.startsWith(candidate));
    const behind = prefix ? prefixes[prefix] : targetPort;
    const upstream = request(
      {
        host: 'localhost',
        port: behind,
        method: req.method,
        path: prefix ? `/${url.slice(prefix.length)}` : url,
        headers: { ...passable(req.headers), host: `localhost:${behind}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, passable(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, 'localhost', () => resolve(server)));
}
