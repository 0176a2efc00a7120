import { areaViteConfig } from '@shop/shared/vite';

export default areaViteConfig({ name: 'cartCheckout', exposes: { './routes': './src/routes.tsx' } });
