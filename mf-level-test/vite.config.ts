import { areaViteConfig } from '@shop/shared/vite';

export default areaViteConfig({ name: 'levelTest', exposes: { './routes': './src/routes.tsx' } });
