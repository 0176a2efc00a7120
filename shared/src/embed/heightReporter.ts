import { redactedPath } from '../analytics/pageLocation.ts';

/**
 * Height reporting for framed pages (docs/product-rules.md#overview, #api-calls): a page shown in an iframe tells its parent how tall its
 * content is, so the parent can size the frame without scrollbars. The shell (and a standalone remote) starts
 * it once per page, so every framed page of the shop reports, whatever route it shows.
 *
 * Message format (window.postMessage to the parent):
 *   { "type": "shop:height", "height": <integer CSS pixels>, "path": "<location.pathname, an e-mail as :email>" }
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
  /** Origin the messages may be delivered to; by default the parent's (see parentOrigin). */
  targetOrigin?: string;
  intervalMs?: number;
  /** Content height in CSS pixels. */
  measure?: () => number;
}

/** Height of the laid-out document, not of the viewport: so a frame can shrink again when content does. */
export function documentHeight(doc: Document = document): number {
  return Math.ceil(doc.documentElement.getBoundingClientRect().height);
}

/**
 * The origin of the framing page as the browser reports it (`location.ancestorOrigins`, Chromium and
 * WebKit), so a message never reaches a page that replaced the parent meanwhile; `*` where the browser does
 * not tell (Firefox) — harmless, because who may be the parent at all is decided by the static servers'
 * `Content-Security-Policy: frame-ancestors` (the shop and the configured partner origins), and a height is
 * no secret. `document.referrer` is no substitute: after a full navigation inside the frame it names the shop.
 */
export function parentOrigin(self: Window = window): string {
  const origins = (self.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const origin = origins && origins.length > 0 ? origins[0] : undefined;
  return origin && origin !== 'null' ? origin : '*';
}

/** Starts reporting when the page is framed; returns the function that stops it (a no-op when not framed). */
export function startHeightReporter(options: HeightReporterOptions = {}): () => void {
  const self = options.self ?? window;
  const target = options.target ?? self.parent;
  if (!target || target === self) return () => {};
  const measure = options.measure ?? (() => documentHeight(self.document));
  const targetOrigin = options.targetOrigin ?? parentOrigin(self);
  let last: number | null = null;
  const report = () => {
    const height = measure();
    if (height === last) return;
    last = height;
    const message: HeightMessage = { type: heightMessageType, height, path: redactedPath(self.location.pathname) };
    target.postMessage(message, targetOrigin);
  };
  report();
  const timer = self.setInterval(report, options.intervalMs ?? heightPollMs);
  return () => self.clearInterval(timer);
}
