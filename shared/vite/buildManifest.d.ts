import type { Plugin } from 'vite';

export declare const providedPackages: readonly string[];
export declare const shellManifestFile: 'shop-shell.json';
export declare const textLanguages: readonly string[];
export declare function installedVersion(root: string, name: string): string;
export declare function requirementsOf(root: string): Record<string, string>;
export declare function provisionsOf(root: string): Record<string, string>;
export declare function areaTextsOf(root: string): { version: string; texts: Record<string, unknown> } | undefined;
export declare function textsFileOf(version: string): string;
export declare function shellManifestPlugin(): Plugin;
