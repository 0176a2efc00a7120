import type { Plugin } from 'vite';

/** The API paths the shell's boot reads before its first paint (`{language}`: the page's language). */
export declare const shellEarlyApiPaths: string[];
/** The inline script that starts them (see earlyApiReads.js). */
export declare function earlyApiReadsScript(apiBase?: string): string;
/** Puts that script into a built page's head, with one for pages' first-screen reads the build knows itself. */
export declare function earlyApiReadsPlugin(options?: { firstScreenReads?: Record<string, readonly string[]> }): Plugin;
