/** Where the shell page's inline script leaves its early API requests; see earlyRequests.js. */
export declare const earlyResponsesKey: '__shopEarlyResponses';
/** Where the shell page's inline script leaves its remotes.json response; see earlyRequests.js. */
export declare const earlyRemotesKey: '__shopRemotesResponse';
/** Runs in the page before any module: starts `paths` under `apiBase`; see earlyRequests.js. */
export declare function startEarlyRequests(
  apiBase: string,
  paths: readonly string[],
  key: string,
  storageKey: string,
  pickLanguage: (candidates: unknown[]) => string,
): void;
