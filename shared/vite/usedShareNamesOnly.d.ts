import type { Plugin } from 'vite';

export declare function usedShareNamesOnly(): Plugin;
