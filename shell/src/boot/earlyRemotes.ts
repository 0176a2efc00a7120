import { earlyRemotesKey } from '@shop/shared';

/*
 * The composition the shell's page already had before any of the shell's code arrived: the inline script of its
 * built HTML (shared/vite/bootPreload.js) takes it from the page (docs/performance.md#the-first-screens-path)
 * or asks for remotes.json, reads it to preload the area of the address, and leaves the response under
 * `earlyRemotesKey` so the shell does not ask again (docs/performance.md#the-first-screens-path).
 */

/** Hands out the early response once (a later read, e.g. a retry, asks the server afresh); undefined without. */
export function takeEarlyRemotesResponse(): Promise<Response> | undefined {
  const page = window as unknown as Record<string, Promise<Response> | undefined>;
  const early = page[earlyRemotesKey];
  delete page[earlyRemotesKey];
  return early;
}
