/**
 * The shop's look as plain CSS strings, without React: for HTML the API renders itself (the sandbox's payment
 * page), so that it uses the same colours, font, radius and buttons as the shop's pages.
 */
export { tokensCss, tokenValue } from './tokens.ts';
export { primitivesCss } from './primitives.css.ts';
