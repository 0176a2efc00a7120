import type { Plugin } from 'vite';

export declare const throughSharedLibraries: Record<string, string>;
export declare function reexportedNames(library: string, source?: string): string[];
export declare function throughShared(): Plugin;
