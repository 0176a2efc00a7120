/**
 * A built page asks for the shop's typeface with its first requests (docs/performance.md#the-first-screens-path).
 * Without it the browser finds the font only when the first screen's text is laid out, after all the code has
 * run: the text paints in the fallback first and again in Figtree once the file is in, and that second paint is
 * the page's largest contentful paint. Every woff2 the build emits is preloaded: the shop has one typeface
 * file (shared/src/ui/font.ts), and a second one would be a choice to weigh here. Node-only (Vite configs).
 */

/**
 * The preload tags of the fonts in a built bundle, for the page served from `base`.
 * @param {Record<string, { type: string, fileName: string }>} bundle
 * @param {string} base
 */
export const fontPreloadTags = (bundle, base) =>
  Object.values(bundle)
    .filter((file) => file.type === 'asset' && file.fileName.endsWith('.woff2'))
    .map((file) => ({
      tag: 'link',
      // Fonts are always fetched in CORS mode, so the preload must be too, or the browser fetches twice.
      attrs: {
        rel: 'preload',
        as: 'font',
        type: 'font/woff2',
        crossorigin: 'anonymous',
        href: `${base}${file.fileName}`,
      },
      injectTo: /** @type {const} */ ('head'),
    }));

/** @returns {import('vite').Plugin} */
export function fontPreloadPlugin() {
  let base = '/';
  return {
    name: 'shop-font-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.bundle ? fontPreloadTags(context.bundle, base) : html),
    },
  };
}
