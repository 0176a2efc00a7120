import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { earlyApiReadsPlugin } from '@shop/shared/vite/earlyApiReads';
import { compositionElement, compositionElementId } from '@shop/shared/vite/composition';
import { fontPreloadPlugin } from '@shop/shared/vite/fontPreload';
import { productionStaticFiles } from '@shop/shared/vite/staticFiles';
import { firstScreenReads } from '../../../mf-catalog/src/features/listing/firstScreenReads.ts';
import { composedResponse, earlyRemotesKey } from '../../../shared/src/api/earlyRequests.js';

/**
 * Bench fixture: the shop's sources built as one ordinary Vite React app (no Module Federation) — the shell's
 * frame and boot, each area's `./routes` behind one dynamic import — so `npm run bench:bundle` compares the
 * composed shop against what the same code costs as a single build. Only the remote loader is swapped.
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const shellLoader = here('../../../shell/src/features/remotes/loadArea.ts');

function oneAppLoader(): Plugin {
  return {
    name: 'one-app-loader',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/loadArea.ts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === shellLoader ? here('./loadArea.ts') : null;
    },
  };
}

/**
 * The composition of the last `npm run build`: the shell's frame routes by its paths here too. It is served as
 * remotes.json and carried in the page, as `npm run compose` writes it into the composed shell's page, with the
 * one line of that page's inline script that hands it to the shell's boot
 * (docs/performance.md#the-first-screens-path).
 */
function composedRoutes(): Plugin {
  const composed = () => readFileSync(here('../../../shell/dist/remotes.json'), 'utf8');
  const handOver = `window[${JSON.stringify(earlyRemotesKey)}] = (${composedResponse.toString()})(${JSON.stringify(compositionElementId)});`;
  return {
    name: 'one-app-remotes-json',
    transformIndexHtml: (html) =>
      html.replace('<title>', `${compositionElement(JSON.parse(composed()))}<script>${handOver}</script><title>`),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'remotes.json', source: composed() });
    },
  };
}

export default defineConfig({
  root: here('.').replace(/\/$/, ''),
  base: '/',
  publicDir: here('../../../shell/public'),
  plugins: [
    oneAppLoader(),
    composedRoutes(),
    react(),
    // The catalog's first-screen reads start with the page, as the composed shell's page starts them from its manifest.
    earlyApiReadsPlugin({ firstScreenReads }),
    fontPreloadPlugin(),
    ...productionStaticFiles(),
  ],
  build: {
    rollupOptions: { input: here('./index.html') },
    target: 'es2022',
    outDir: here('./dist'),
    emptyOutDir: true,
    sourcemap: false,
  },
  preview: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
