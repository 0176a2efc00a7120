/** Where the shell page's inline script leaves its early API requests; see earlyRequests.js. */
export declare const earlyResponsesKey: '__shopEarlyResponses';
/** Where the shell page's inline script leaves its remotes.json response; see earlyRequests.js. */
export declare const earlyRemotesKey: '__shopRemotesResponse';
export declare function composedResponse(elementId: string): Promise<Response> | undefined;
/** Runs in the page before any module: starts `paths` under `apiBase`; see earlyRequests.js. */
export declare function startEarlyRequests(
  apiBase: string,
  paths: readonly string[],
  key: string,
  storageKey: string,
  pickLanguage: (candidates: unknown[]) => string,
): void;
/** `{monthsFromToday:N}` in an early read's path → the day N months after `today`; see earlyRequests.js. */
export declare function fillReadDates(template: string, today: Date): string;
/** Runs in the page: starts an area's first-screen reads under `key`; see earlyRequests.js. */
export declare function startPageReads(
  apiBase: string,
  paths: readonly string[] | undefined,
  key: string,
  fillDates: (template: string, today: Date) => string,
): void;
