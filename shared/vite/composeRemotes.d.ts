import type { Plugin } from 'vite';
import type { RemotePreloads } from './preloads.js';

export declare const areaDirs: Record<'catalog' | 'cartCheckout' | 'account' | 'levelTest', string>;
export interface ComposedRemotes {
  timeoutMs: number;
  remotes: Record<string, string>;
  areas: Record<
    string,
    {
      version: string;
      shared: string;
      paths: string[];
      preload?: RemotePreloads;
      /** The API reads each path's first screen makes (docs/performance.md#the-first-screens-path). */
      reads?: Record<string, string[]>;
    }
  >;
}
export declare function fetchManifest(url: string): Promise<unknown>;
export declare function composeRemotes(options: {
  urls: Record<string, string>;
  read: (area: string, url: string) => Promise<unknown>;
  timeoutMs: number;
}): Promise<ComposedRemotes>;
export declare function composedRemotesDevPlugin(ports: Record<string, number>): Plugin;
export declare function manifestProblems(area: string, manifest: unknown): string[];
export declare function pathClashes(manifests: Record<string, { paths: string[] }>): string[];
