import type { AreaFailureReason } from '@shop/shared';
import { ManifestUnreadable, type AreaName } from './manifest.ts';
import { SharedVersionClash } from './sharedVersion.ts';

/** Errors of loading an area (its entry or routes), as opposed to one its pages threw while rendering. */
const loadFailures = new WeakSet<object>();

/** Marks `error` as a failure to load an area (loadArea.ts), and hands it back. */
export function asLoadFailure(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) loadFailures.add(error);
  return error;
}

/** Why the shell contained an area, in the fixed words of the contract (areaFailure.ts). */
export function reasonOf(error: unknown): AreaFailureReason {
  if (error instanceof SharedVersionClash) return 'version-clash';
  if (error instanceof ManifestUnreadable) return 'manifest';
  if (error instanceof Error && /did not answer within/.test(error.message)) return 'timeout';
  return typeof error === 'object' && error !== null && loadFailures.has(error) ? 'load' : 'render';
}

/** What this page reported already: each area and reason once per page, however often it fails. */
const reported = new Set<string>();

/**
 * Tells the API that the shell contained `area` (docs/decisions/0121-area-failure-beacon.md), so the operator's
 * alert fires: only the area and the reason, nothing of the visitor or the page. `keepalive` lets it leave even
 * when the visitor goes on at once; a report that fails is dropped, the page must not care.
 */
export function reportAreaFailure(area: AreaName, error: unknown, send: typeof fetch = fetch): void {
  const reason = reasonOf(error);
  const key = `${area}:${reason}`;
  if (reported.has(key)) return;
  reported.add(key);
  send('/api/area-failures', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ area, reason }),
  }).catch(() => {});
}
