import { areaViteConfig } from '@shop/shared/vite';

export default areaViteConfig({ name: 'account', exposes: { './routes': './src/routes.tsx' } });
