import type { Plugin } from 'vite';

export declare function routerNames(source?: string): string[];
export declare function routerThroughShared(): Plugin;
