import { primitivesCss } from './primitives.css.ts';
import { tokensCss } from './tokens.ts';

/**
 * The shared styles for UI rendered inside a shadow root (the catalog's partner embed): the tokens attach to
 * the shadow host instead of :root and the body rules apply to the host, so nothing reaches the partner's page.
 */
export const shadowTokensCss = tokensCss
  .replaceAll(':root', ':host')
  .replace(/(^|\n)body \{/, '$1:host { display: block;');
export { primitivesCss };
