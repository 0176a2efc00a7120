import { areaViteConfig } from '@shop/shared/vite';
import { firstScreenReads } from './src/features/listing/firstScreenReads.ts';

export default areaViteConfig({
  name: 'catalog',
  exposes: {
    './routes': './src/routes.tsx',
    // mount(element, options) → unmount: the combined listing on a page without React (public/embed.js loads it).
    './embed': './src/embed/mount.tsx',
  },
  // Its six listing pages share the listing, filter and card code (docs/decisions/0044-start-up-work.md).
  commonChunk: true,
  // The composed page starts these with itself (docs/decisions/0051-first-screen-reads-start-with-the-page.md).
  firstScreenReads,
});
