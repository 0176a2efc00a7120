import { areaViteConfig } from '@shop/shared/vite';

export default areaViteConfig({ name: 'catalog', exposes: { './routes': './src/routes.tsx' } });
