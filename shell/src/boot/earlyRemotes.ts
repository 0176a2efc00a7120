import { earlyRemotesKey } from '@shop/shared';

/*
 * The remotes.json response the shell's page already asked for before any of the shell's code arrived: the
 * inline script of its built HTML (shared/vite/bootPreload.js) reads it to preload the area of the address, and
 * leaves it under `earlyRemotesKey` so the shell does not ask again (docs/decisions/0041-i18n-and-preloads.md).
 */

/** Hands out the early response once (a later read, e.g. a retry, asks the server afresh); undefined without. */
export function takeEarlyRemotesResponse(): Promise<Response> | undefined {
  const page = window as unknown as Record<string, Promise<Response> | undefined>;
  const early = page[earlyRemotesKey];
  delete page[earlyRemotesKey];
  return early;
}
