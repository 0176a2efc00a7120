/**
 * @shop/shared — the one library every area uses, shared as a Module Federation singleton.
 * Browser areas import from this root only (sub-path imports would bypass the singleton and duplicate the
 * stores); the API imports `@shop/shared/contract` directly, which pulls in nothing but zod.
 */
// First: before any schema of any zod copy in the page is built (withoutEval.ts).
import './contract/withoutEval.ts';
export * from './contract/index.ts';
export * from './api/index.ts';
export * from './stores/index.ts';
export * from './i18n/index.ts';
export * from './format/index.ts';
export * from './money/index.ts';
export * from './pricing/index.ts';
export * from './ui/index.ts';
export * from './session/index.ts';
export * from './analytics/index.ts';
export * from './embed/index.ts';
/** This copy's release; the shell compares it with the range each remote needs (docs/decisions/0032-version-skew.md). */
export { version as sharedVersion } from '../package.json';
export { satisfies } from './version/satisfies.js';
export * from './router.ts';
export * from './stores/zustand.ts';
export * from './i18n/react.ts';

// Counts evaluations of this module in the page: more than 1 means the singleton share broke and the page
// has several stores. The e2e suite asserts it; it is also a quick check in the browser console.
const loads = globalThis as { __SHOP_SHARED_LOADS__?: number };
loads.__SHOP_SHARED_LOADS__ = (loads.__SHOP_SHARED_LOADS__ ?? 0) + 1;
