/**
 * zustand inside the one @shop/shared instance: an area that keeps a store of its own (the cart area's price
 * store) writes `import { create } from 'zustand'`, and its federated build answers that import with this module
 * (shared/vite/throughShared.js), so the page still carries one zustand.
 * @public
 */
export { create } from 'zustand';
