import figtreeLatin from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url';

/**
 * The shop's typeface, self-hosted: Figtree's variable font (every weight in one file), Latin subset only —
 * the shop's three languages need nothing else (ñ, ü, ß, ¿, ¡, €, typographic quotes and dashes are in it).
 * `font-display: swap` shows text at once in the metric-matched fallback of the tokens.
 */
export const fontCss = `@font-face { font-family: "Figtree"; font-style: normal; font-display: swap; font-weight: 300 900;
  src: url(${figtreeLatin}) format("woff2");
  unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD; }`;
