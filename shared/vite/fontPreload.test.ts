import { describe, expect, it } from 'vitest';
import { fontPreloadTags } from './fontPreload.js';

describe('fontPreloadTags', () => {
  const bundle = {
    'assets/figtree-latin-wght-normal-D_ZTVpCC.woff2': {
      type: 'asset',
      fileName: 'assets/figtree-latin-wght-normal-D_ZTVpCC.woff2',
    },
    'assets/logo-Bgamid0P.svg': { type: 'asset', fileName: 'assets/logo-Bgamid0P.svg' },
    'assets/index-C1izATp8.js': { type: 'chunk', fileName: 'assets/index-C1izATp8.js' },
  };

  it('preloads the built fonts, in CORS mode, from the base of the page', () => {
    expect(fontPreloadTags(bundle, '/')).toEqual([
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          as: 'font',
          type: 'font/woff2',
          crossorigin: 'anonymous',
          href: '/assets/figtree-latin-wght-normal-D_ZTVpCC.woff2',
        },
        injectTo: 'head',
      },
    ]);
    expect(fontPreloadTags(bundle, './')[0]?.attrs?.href).toBe('./assets/figtree-latin-wght-normal-D_ZTVpCC.woff2');
  });

  it('adds nothing to a build without fonts', () => {
    expect(fontPreloadTags({ 'assets/index.js': { type: 'chunk', fileName: 'assets/index.js' } }, '/')).toEqual([]);
  });
});
