import react from '@vitejs/plugin-react';
import { forwardedFor } from '@shop/shared/server';
import { productionStaticFiles } from '@shop/shared/vite/staticFiles';
import { defineConfig } from 'vite';
import type { ClientRequest, IncomingMessage } from 'node:http';

/**
 * The back office is an application of its own: no Module Federation, no remotes.json, never loaded by the shop
 * (docs/backoffice.md). It is served on its own port (5178, PORT_BACKOFFICE) and proxies `/api` to the API like
 * the shop's areas, so its code calls relative URLs and needs no CORS; in production it has its own origin and
 * the reverse proxy forwards `/api/admin/` there.
 */
const port = Number(process.env.PORT_BACKOFFICE ?? 5178);
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/** A client that is not this machine is named to the API (as the shop's static servers do, shared/vite). */
function nameTheClient(proxyReq: ClientRequest, req: IncomingMessage) {
  const value = forwardedFor(req.socket.remoteAddress, req.headers['x-forwarded-for']);
  if (value !== null) proxyReq.setHeader('x-forwarded-for', value);
}

/**
 * Staff screens are never framed (clickjacking of a logged-in staff member), not even by the shop, and no
 * referrer leaves the site (a setup link's token is in the fragment, which browsers never send anyway).
 */
const headers = {
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
};

const serverOptions = {
  port,
  strictPort: true,
  host: process.env.HOST ?? 'localhost',
  headers,
  proxy: {
    '/api': {
      target: apiTarget,
      changeOrigin: false,
      configure: (proxy: { on: (event: 'proxyReq', listener: typeof nameTheClient) => void }) =>
        proxy.on('proxyReq', nameTheClient),
    },
  },
};

export default defineConfig({
  base: '/',
  plugins: [react(), ...productionStaticFiles()],
  server: serverOptions,
  preview: serverOptions,
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 2000 },
});
