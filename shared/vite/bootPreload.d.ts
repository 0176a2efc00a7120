import type { Plugin } from 'vite';

export declare function preloadArea(
  manifestUrl: string,
  readComposed: () => Promise<Response> | undefined,
  key: string,
  sharedVersion: string,
  meetsRange: (version: string, range: string) => boolean,
  startReads: (paths: readonly string[] | undefined) => void,
): void;
export declare function preloadAreaScript(base?: string, apiBase?: string): string;
export declare function bootPreloadPlugin(base?: string, apiBase?: string): Plugin;
