import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { productionStaticFiles } from '@shop/shared/vite/staticFiles';
import { pureSchemaCalls } from './vite/pureSchemas.ts';
import { zodWithoutJsonSchema } from './vite/zodWithoutJsonSchema.ts';

/**
 * React's names answered by Preact's compat layer in this bundle only (docs/decisions/0037-partner-bundle-weight.md):
 * a partner's page renders one listing and has no other React to agree with, and Preact is about 55 KB gzip
 * lighter than react-dom. Deduplicated: shared's sources, outside this workspace, resolve Preact from here too. The federated build and the shop keep React.
 */
const preactForReact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

/**
 * The partner bundle (docs/decisions/0014-partner-path.md): the embed and the lightweight /products-iframe
 * page as one ordinary build with its own React, so a partner's visitor loads neither the federation runtime
 * nor the shell, the other areas or their shares. Built after the federated build, into dist/partner; the
 * entry keeps its name (revalidated), its chunks are hashed (cached for good).
 */
export default defineConfig({
  base: './',
  // The embed loader (public/embed.js) belongs to the federated build's root, not here.
  publicDir: false,
  plugins: [react(), zodWithoutJsonSchema(), ...productionStaticFiles()],
  resolve: { alias: preactForReact, dedupe: ['preact'] },
  build: {
    // No preload helper: the only lazy chunks are the other languages' texts, which import nothing.
    modulePreload: false,
    target: 'es2022',
    sourcemap: false,
    outDir: 'dist/partner',
    emptyOutDir: true,
    rollupOptions: {
      input: { partner: 'src/partner/partner.ts' },
      preserveEntrySignatures: 'exports-only',
      treeshake: { manualPureFunctions: pureSchemaCalls() },
      output: { entryFileNames: '[name].js' },
    },
  },
});
