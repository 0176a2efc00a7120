import { areaViteConfig } from '@shop/shared/vite';

export default areaViteConfig({
  name: 'catalog',
  exposes: {
    './routes': './src/routes.tsx',
    // mount(element, options) → unmount: the combined listing on a page without React (public/embed.js loads it).
    './embed': './src/embed/mount.tsx',
  },
});
