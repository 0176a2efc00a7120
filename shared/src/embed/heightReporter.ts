/**
 * Height reporting for framed pages (spec §1/§7): a page shown in an iframe tells its parent how tall its
 * content is, so the parent can size the frame without scrollbars.
 *
 * Message format (window.postMessage to the parent):
 *   { "type": "shop:height", "height": <integer CSS pixels>, "path": "<location.pathname>" }
 * The page polls every 200 ms and posts only when the height changed (and once at the start).
 *
 * A parent sizes its frame with:
 *   addEventListener('message', (e) => {
 *     if (e.origin === 'https://shop.example' && e.data?.type === 'shop:height') frame.style.height = `${e.data.height}px`;
 *   });
 */
export const heightMessageType = 'shop:height';
export const heightPollMs = 200;

export interface HeightMessage {
  type: typeof heightMessageType;
  height: number;
  path: string;
}

export interface HeightReporterOptions {
  /** The window to post to; the parent by default. */
  target?: Pick<Window, 'postMessage'>;
  /** This window (to tell whether it is framed, and for timers and location). */
  self?: Window;
  /** Origin the messages may be delivered to; any by default (a height is no secret). */
  targetOrigin?: string;
  intervalMs?: number;
  /** Content height in CSS pixels. */
  measure?: () => number;
}

/** Height of the laid-out document, not of the viewport: so a frame can shrink again when content does. */
export function documentHeight(doc: Document = document): number {
  return Math.ceil(doc.documentElement.getBoundingClientRect().height);
}

/** Starts reporting when the page is framed; returns the function that stops it (a no-op when not framed). */
export function startHeightReporter(options: HeightReporterOptions = {}): () => void {
  const self = options.self ?? window;
  const target = options.target ?? self.parent;
  if (!target || target === self) return () => {};
  const measure = options.measure ?? (() => documentHeight(self.document));
  let last: number | null = null;
  const report = () => {
    const height = measure();
    if (height === last) return;
    last = height;
    const message: HeightMessage = { type: heightMessageType, height, path: self.location.pathname };
    target.postMessage(message, options.targetOrigin ?? '*');
  };
  report();
  const timer = self.setInterval(report, options.intervalMs ?? heightPollMs);
  return () => self.clearInterval(timer);
}
