export { documentHeight, heightMessageType, heightPollMs, parentOrigin, startHeightReporter, type HeightMessage, type HeightReporterOptions } from './heightReporter.ts';
export { captureFrameFlags, frameFlags, frameFlagsStorageKey, isFramed, readFrameFlags, resetFrameFlagsForTest, type FrameFlags } from './frameFlags.ts';
