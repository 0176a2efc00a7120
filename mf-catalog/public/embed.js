/**
 * One-script embed of the course catalog for partner pages (see docs/partner-embed.md):
 *
 *   <div id="sprachkurse"></div>
 *   <script type="module" src="https://catalog.shop.example/embed.js" data-target="#sprachkurse"
 *           data-api="https://shop.example/api" data-shop="https://shop.example"></script>
 *
 * It loads this build's partner bundle (partner/partner.js, next to this file; built without Module Federation,
 * docs/decisions/0014-partner-path.md), which brings its own React, and calls its mount().
 * data-api must point at the API (the partner's origin in its PARTNER_ORIGINS); data-shop is where "add to
 * cart" leads. Optional: data-language (de, en, es), data-tags (comma-separated tag slugs), data-hide-filter.
 */
const script = [...document.querySelectorAll('script[src]')].find((s) => s.src === import.meta.url);
const options = script ? script.dataset : {};
const target = document.querySelector(options.target || '#shop-catalog');
if (!target) throw new Error(`Shop catalog embed: no element matches ${options.target || '#shop-catalog'}`);

const { mount } = await import('./partner/partner.js');
mount(target, {
  apiBase: options.api || new URL('/api', import.meta.url).href,
  shopUrl: options.shop,
  language: options.language,
  preselectedTags: options.tags ? options.tags.split(',') : undefined,
  hideFilter: options.hideFilter === 'true',
});
