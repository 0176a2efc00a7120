export interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
}
export type Bundle = Record<string, Chunk | { type: 'asset' }>;
export interface RemotePreloads {
  base: string[];
  pages: Record<string, string[]>;
}

export declare function staticClosure(bundle: Bundle, fileNames: string[]): string[];
export declare function lazyModulesByPath(routesFile: string): Record<string, string[]>;
export declare function remotePreloads(
  bundle: Bundle,
  options: { entry: string; routesFile: string; lazyByPath: Record<string, string[]> },
): RemotePreloads;
export declare function shellBootPreloads(bundle: Bundle, alreadyListed: string[]): string[];
