/**
 * Design tokens as CSS custom properties: the one place where the shop's colours, spacing, type scale, radii
 * and sizes are written down. Every area's styles refer to these (a test keeps literal colours and pixel sizes
 * out of the areas' CSS; see docs/decisions/0030-brand-and-design-tokens.md). Colours are chosen for WCAG 2.1
 * AA contrast on white and on the surface colour (text ≥ 4.5:1, large text and UI parts ≥ 3:1).
 *
 * The font is the self-hosted Figtree (see font.ts); until it has loaded, "Figtree Fallback" — the system's
 * Arial/Liberation Sans/Helvetica (or, on Linux systems without them, DejaVu Sans) scaled to Figtree's width and
 * line metrics — takes its place, so swapping the font in moves no line (no layout shift). Regular and bold are
 * measured apart: a bold face is wider than its regular by more than Figtree's bold is. Figtree's ascent is 0.95
 * and its descent 0.25 em; an override is that divided by the face's size-adjust. The journey
 * e2e/tests/fonts.spec.ts measures each face against Figtree (docs/decisions/0060-fonts-the-journeys-see.md).
 */
export const tokensCss = `
:root {
  --shop-color-text: #1c2230;
  --shop-color-muted: #56606e;
  --shop-color-bg: #ffffff;
  --shop-color-surface: #f7f4ef;
  --shop-color-surface-strong: #efe8dd;
  --shop-color-border: #d6d0c6;
  --shop-color-border-strong: #6b7280;
  --shop-color-primary: #b3261e;
  --shop-color-primary-dark: #8c1d18;
  --shop-color-primary-soft: #fbe9e7;
  --shop-color-on-primary: #ffffff;
  --shop-color-accent: #f2b233;
  --shop-color-accent-soft: #fdf1d6;
  --shop-color-ink: #1f3a5f;
  --shop-color-success: #1a7f37;
  --shop-color-warning: #7d4e00;
  --shop-color-caution: #b35900;
  --shop-color-alert: #b3261e;
  --shop-color-focus: #0969da;
  --shop-color-overlay: rgb(28 34 48 / 45%);
  --shop-shadow: 0 2px 10px rgb(28 34 48 / 12%);
  --shop-shadow-raised: 0 -4px 16px rgb(28 34 48 / 15%);

  --shop-space-3xs: 2px;
  --shop-space-2xs: 4px;
  --shop-space-xs: 6px;
  --shop-space-sm: 8px;
  --shop-space-md: 12px;
  --shop-space-lg: 16px;
  --shop-space-xl: 24px;
  --shop-space-2xl: 32px;
  --shop-space-3xl: 48px;
  --shop-space-4xl: 64px;
  --shop-space: var(--shop-space-sm);

  --shop-font: "Figtree", "Figtree Fallback", "Figtree Fallback DejaVu", system-ui, sans-serif;
  --shop-font-size-xs: .8125rem;
  --shop-font-size-sm: .875rem;
  --shop-font-size-md: 1rem;
  --shop-font-size-lg: 1.125rem;
  --shop-font-size-xl: 1.25rem;
  --shop-font-size-2xl: 1.5rem;
  --shop-font-size-3xl: 2rem;
  --shop-font-size-display: clamp(1.75rem, 1.2rem + 2.6vw, 2.75rem);
  --shop-line-height: 1.5;
  --shop-line-height-tight: 1.2;

  --shop-border-width: 1px;
  --shop-border-width-strong: 2px;
  --shop-border-width-accent: 4px;
  --shop-focus-ring: 3px solid var(--shop-color-focus);
  --shop-focus-offset: 2px;
  --shop-radius-sm: 4px;
  --shop-radius: 8px;
  --shop-radius-lg: 16px;
  --shop-radius-pill: 999px;

  --shop-tap: 44px;
  --shop-tap-large: 48px;
  --shop-control: 20px;
  --shop-icon: 26px;
  --shop-dot: 12px;
  --shop-badge: 20px;
  --shop-bar-height: 34px;
  --shop-overlay-bottom: 0px;
  --shop-size-column: 15rem;
  --shop-size-sidebar: 18.75rem;
  --shop-size-nav: 13.75rem;
  --shop-size-preview: 56rem;
  --shop-size-narrow: 35rem;
  --shop-size-reading: 47.5rem;
  --shop-content-width: 1140px;
  --shop-gutter: clamp(var(--shop-space-lg), 4vw, var(--shop-space-xl));
}
@font-face { font-family: "Figtree Fallback"; font-weight: 100 549;
  src: local("Arial"), local("ArialMT"), local("Liberation Sans"), local("LiberationSans"), local("Helvetica");
  size-adjust: 98.9%; ascent-override: 96.1%; descent-override: 25.3%; line-gap-override: 0%; }
@font-face { font-family: "Figtree Fallback"; font-weight: 550 900;
  src: local("Arial Bold"), local("Arial-BoldMT"), local("Liberation Sans Bold"), local("LiberationSans-Bold"),
    local("Helvetica Bold"), local("Helvetica-Bold");
  size-adjust: 94.3%; ascent-override: 100.7%; descent-override: 26.5%; line-gap-override: 0%; }
@font-face { font-family: "Figtree Fallback DejaVu"; src: local("DejaVu Sans"); font-weight: 100 549;
  size-adjust: 88.1%; ascent-override: 107.8%; descent-override: 28.4%; line-gap-override: 0%; }
@font-face { font-family: "Figtree Fallback DejaVu"; src: local("DejaVu Sans Bold"); font-weight: 550 900;
  size-adjust: 79.7%; ascent-override: 119.2%; descent-override: 31.4%; line-gap-override: 0%; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; font-family: var(--shop-font); font-size: var(--shop-font-size-md); color: var(--shop-color-text);
  background: var(--shop-color-bg); line-height: var(--shop-line-height); overflow-wrap: break-word; }
h1, h2, h3 { line-height: var(--shop-line-height-tight); }
img, svg { max-width: 100%; }
a { color: var(--shop-color-primary-dark); }
:focus-visible { outline: var(--shop-focus-ring); outline-offset: var(--shop-focus-offset); }
/* The resize handle of a text box in the shop's border colour: Chromium draws its own handle differently from release
   to release, which alone made the checkout's screenshots differ (docs/decisions/0060-fonts-the-journeys-see.md). */
textarea::-webkit-resizer { background: linear-gradient(135deg, transparent 0 50%, var(--shop-color-border-strong) 50% 57%,
  transparent 57% 71%, var(--shop-color-border-strong) 71% 78%, transparent 78%); }
[tabindex="-1"]:focus:not(:focus-visible) { outline: none; }
.shop-skip-link { position: absolute; left: -9999px; top: 0; z-index: 100; padding: var(--shop-space-md) var(--shop-space-lg); background: var(--shop-color-bg); }
.shop-skip-link:focus { left: var(--shop-space-sm); top: var(--shop-space-sm); }
.shop-visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

/**
 * A token's literal value (`tokenValue('color-primary')` → `#b3261e`), for HTML that cannot use custom properties:
 * mail clients drop `var()`, so the API's mails write the values inline. An unknown name throws, so a renamed
 * token breaks the build of its user rather than a colour.
 */
export function tokenValue(name: string): string {
  const match = new RegExp(`--shop-${name}:\\s*([^;]+);`).exec(tokensCss);
  if (!match) throw new Error(`Unknown design token --shop-${name}`);
  return match[1]!.trim();
}
