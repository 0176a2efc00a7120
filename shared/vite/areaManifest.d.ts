import type { Plugin } from 'vite';

export declare const areaManifestFile: 'shop-area.json';
export declare function sharedRangeOf(root: string): string | undefined;
export declare function routePathsOf(file: string): string[];
export declare function areaManifestPlugin(
  name: string,
  routesFile: string,
  reads?: Record<string, readonly string[]>,
): Plugin;
