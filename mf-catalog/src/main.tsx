import { renderStandalone } from '@shop/shared/standalone';
import routes from './routes.tsx';

void renderStandalone(routes, document.getElementById('root'));
