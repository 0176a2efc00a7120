export { startHeightReporter } from './heightReporter.ts';
export { captureFrameFlags, frameFlags } from './frameFlags.ts';
