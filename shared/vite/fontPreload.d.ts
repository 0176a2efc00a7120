import type { HtmlTagDescriptor, Plugin } from 'vite';

export declare const fontPreloadTags: (
  bundle: Record<string, { type: string; fileName: string }>,
  base: string,
) => HtmlTagDescriptor[];
export declare function fontPreloadPlugin(): Plugin;
