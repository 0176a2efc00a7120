import { areaTestConfig } from '@shop/shared/vite';

export default areaTestConfig('backoffice');
