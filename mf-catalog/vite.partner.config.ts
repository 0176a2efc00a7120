import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { productionStaticFiles } from '@shop/shared/vite/staticFiles';

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
  plugins: [react(), ...productionStaticFiles()],
  build: {
    target: 'es2022',
    sourcemap: false,
    outDir: 'dist/partner',
    emptyOutDir: true,
    rollupOptions: {
      input: { partner: 'src/partner/partner.ts' },
      preserveEntrySignatures: 'exports-only',
      output: { entryFileNames: '[name].js' },
    },
  },
});
