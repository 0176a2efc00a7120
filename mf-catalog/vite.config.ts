import { areaViteConfig } from '@shop/shared/vite';
import { firstScreenReads } from './src/features/listing/firstScreenReads.ts';

export default areaViteConfig({
  name: 'catalog',
  exposes: {
    './routes': './src/routes.tsx',
    // mount(element, options) → unmount: the combined listing on a page without React (public/embed.js loads it).
    './embed': './src/embed/mount.tsx',
  },
  // Its six listing pages share the listing, filter and card code (docs/performance.md#what-every-page-loads).
  commonChunk: true,
  // The composed page starts these with itself (docs/performance.md#the-first-screens-path).
  firstScreenReads,
});
