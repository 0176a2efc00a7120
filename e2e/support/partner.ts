import { createServer, type Server } from 'node:http';

/**
 * A partner's site on its own origin (another port of localhost): plain HTML pages by path prefix, the
 * first matching prefix wins. Returns the server, to close it after the tests.
 */
export function servePartner(port: number, pages: Record<string, string>): Promise<Server> {
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    const body = Object.entries(pages).find(([prefix]) => url.startsWith(prefix))?.[1];
    if (body === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}

export const closeServers = (servers: Server[]) =>
  Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));

/** A partner page framing `src`, recording every height message from the shop in `window.heights`. */
export const framingPage = (src: string, shopOrigin = 'http://localhost:5173') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner school – framed shop</title></head>
<body><main><h1>Partner school</h1>
<iframe id="shop" title="Course catalogue" style="width:100%;border:0;height:150px" src="${src}"></iframe>
</main>
<script>
  window.heights = [];
  addEventListener('message', (event) => {
    if (event.origin !== '${shopOrigin}' || event.data?.type !== 'shop:height') return;
    window.heights.push(event.data);
    document.getElementById('shop').style.height = event.data.height + 'px';
  });
</script></body></html>`;
