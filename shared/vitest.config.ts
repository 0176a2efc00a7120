import { areaTestConfig } from './vite/index.js';

export default areaTestConfig('shared');
