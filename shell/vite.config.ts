import { areaViteConfig } from '@shop/shared/vite';

export default areaViteConfig({ name: 'shell' });
