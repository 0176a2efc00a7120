export { documentHeight, heightMessageType, heightPollMs, startHeightReporter, type HeightMessage, type HeightReporterOptions } from './heightReporter.ts';
