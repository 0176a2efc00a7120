import type { Plugin } from 'vite';

export declare function preloadArea(
  manifestUrl: string,
  key: string,
  sharedVersion: string,
  meetsRange: (version: string, range: string) => boolean,
): void;
export declare function bootPreloadPlugin(base?: string): Plugin;
