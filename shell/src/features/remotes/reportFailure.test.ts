import { describe, expect, it, vi } from 'vitest';
import { ManifestUnreadable } from './manifest.ts';
import { asLoadFailure, reasonOf, reportAreaFailure } from './reportFailure.ts';
import { SharedVersionClash } from './sharedVersion.ts';

describe('reporting a contained area', () => {
  it('names the reason in the words of the contract', () => {
    expect(reasonOf(new SharedVersionClash('catalog', '^2.0.0', '1.10.0'))).toBe('version-clash');
    expect(reasonOf(new ManifestUnreadable('remotes.json answered 502'))).toBe('manifest');
    expect(reasonOf(asLoadFailure(new Error('catalog did not answer within 8000 ms')))).toBe('timeout');
    expect(reasonOf(asLoadFailure(new TypeError('Failed to fetch dynamically imported module')))).toBe('load');
    expect(reasonOf(new Error('remote bug'))).toBe('render');
  });

  it('sends the area and the reason only, once per area and reason in a page', () => {
    const send = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    reportAreaFailure('account', new SharedVersionClash('account', '^2.0.0', '1.10.0'), send);
    reportAreaFailure('account', new SharedVersionClash('account', '^2.0.0', '1.10.0'), send);
    reportAreaFailure('account', new Error('remote bug'), send);
    expect(send.mock.calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      ['/api/area-failures', 'POST', JSON.stringify({ area: 'account', reason: 'version-clash' })],
      ['/api/area-failures', 'POST', JSON.stringify({ area: 'account', reason: 'render' })],
    ]);
  });

  it('never lets a failed report reach the page', async () => {
    const send = vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('offline')));
    expect(() => reportAreaFailure('levelTest', new Error('remote bug'), send)).not.toThrow();
    await Promise.resolve();
  });
});
