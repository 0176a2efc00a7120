import type { Plugin } from 'vite';

/** The API paths the shell's boot reads before its first paint (`{language}`: the page's language). */
export declare const shellEarlyApiPaths: string[];
/** The inline script that starts them (see earlyApiReads.js). */
export declare function earlyApiReadsScript(apiBase?: string): string;
/** Puts that script into a built page's head. */
export declare function earlyApiReadsPlugin(): Plugin;
