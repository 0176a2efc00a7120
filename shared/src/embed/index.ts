export { startHeightReporter } from './heightReporter.ts';
export { captureFrameFlags, frameFlags, isFramed } from './frameFlags.ts';
export { cartAddressWith, frameFlagQuery, handOffCart } from './cartHandOff.ts';
