/** Styles of the home page (tokens only; the illustrations carry their size, so nothing shifts as they load). */
export const homeCss = `
.shell-home { padding-top: var(--shop-space-xl); }
.shell-home__hero { display: grid; gap: var(--shop-space-xl); align-items: center; padding: var(--shop-space-lg) 0 var(--shop-space-2xl); }
@media (min-width: 768px) { .shell-home__hero { grid-template-columns: 3fr 2fr; } }
.shell-home__eyebrow { margin: 0 0 var(--shop-space-sm); color: var(--shop-color-primary-dark); font-weight: 700; text-transform: uppercase; letter-spacing: .06em; font-size: var(--shop-font-size-sm); }
.shell-home h1 { margin: 0; font-size: var(--shop-font-size-display); font-weight: 800; letter-spacing: -.02em; }
.shell-home__lead { font-size: var(--shop-font-size-lg); color: var(--shop-color-text); margin: var(--shop-space-lg) 0 var(--shop-space-xl); }
.shell-home__actions { display: flex; flex-wrap: wrap; gap: var(--shop-space-md); }
.shell-home__cta { font-size: var(--shop-font-size-lg); min-height: var(--shop-tap-large); }
.shell-home__test-note { color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); margin: var(--shop-space-sm) 0 0; }
.shell-home__hero-art { width: 100%; height: auto; max-width: var(--shop-size-sidebar); justify-self: center; }
@media (min-width: 768px) { .shell-home__hero-art { max-width: 100%; } }
.shell-trust { background: var(--shop-color-surface); border-radius: var(--shop-radius-lg); padding: var(--shop-space-lg) var(--shop-space-xl); }
.shell-trust ul { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--shop-space-md) var(--shop-space-xl);
  grid-template-columns: repeat(auto-fit, minmax(min(100%, var(--shop-size-column)), 1fr)); }
.shell-trust li { display: flex; gap: var(--shop-space-sm); align-items: flex-start; }
.shell-trust svg { flex: none; color: var(--shop-color-success); }
.shell-trust a { display: inline-block; }
.shell-home__section { margin-top: var(--shop-space-3xl); }
.shell-home__section h2 { font-size: var(--shop-font-size-2xl); margin: 0 0 var(--shop-space-lg); }
.shell-home__offers { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--shop-space-lg);
  grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--shop-size-column)), 1fr)); }
.shell-home__offer { position: relative; display: flex; flex-direction: column; gap: var(--shop-space-sm); padding: var(--shop-space-lg);
  border: var(--shop-border-width) solid var(--shop-color-border); border-radius: var(--shop-radius-lg); background: var(--shop-color-bg); }
.shell-home__offer:hover { box-shadow: var(--shop-shadow); border-color: var(--shop-color-primary); }
.shell-home__offer img { width: 100%; height: auto; max-height: calc(var(--shop-space-4xl) * 2); }
.shell-home__offer h3 { margin: 0; font-size: var(--shop-font-size-xl); }
.shell-home__offer h3 a { color: var(--shop-color-text); text-decoration: none; }
.shell-home__offer h3 a::after { content: ""; position: absolute; inset: 0; border-radius: var(--shop-radius-lg); }
.shell-home__offer h3 a:focus-visible { outline: none; }
.shell-home__offer:has(a:focus-visible) { outline: var(--shop-focus-ring); outline-offset: var(--shop-focus-offset); }
.shell-home__offer p { margin: 0; color: var(--shop-color-muted); }
.shell-home__next { min-height: calc(var(--shop-space-4xl) * 2.5); }
.shell-home__next-list { list-style: none; margin: 0 0 var(--shop-space-lg); padding: 0; display: grid; gap: var(--shop-space-lg);
  grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--shop-size-column)), 1fr)); }
.shell-home__next-item { padding: var(--shop-space-lg); border-left: var(--shop-border-width-accent) solid var(--shop-color-accent);
  background: var(--shop-color-surface); border-radius: var(--shop-radius); }
.shell-home__next-item h3 { margin: var(--shop-space-2xs) 0; font-size: var(--shop-font-size-lg); }
.shell-home__next-item p { margin: 0; }
.shell-home__next-date { font-weight: 700; color: var(--shop-color-primary-dark); }
.shell-home__next-places, .shell-home__next-level { color: var(--shop-color-muted); font-size: var(--shop-font-size-sm); }
`;
