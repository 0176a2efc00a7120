import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShopMetrics } from './metrics.ts';

export interface MetricsServer {
  /** `http://host:port`, the address Prometheus scrapes `/metrics` at. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on a port of its own (METRICS_PORT), apart from the shop's API: the public reverse proxy
 * never forwards to it, so the numbers need no token (docs/decisions/0010-operations.md).
 */
export async function startMetricsServer(
  metrics: ShopMetrics,
  { host, port }: { host: string; port: number },
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found; metrics are at /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`Metrics could not be collected: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
