import { z } from 'zod';
import { takeEarlyRemotesResponse } from '../../boot/earlyRemotes.ts';
import { defaultTimeoutMs, withTimeout } from './timeout.ts';

/** The four remotes (docs/architecture.md#layout) by their federation names. */
export const areaNames = ['catalog', 'cartCheckout', 'account', 'levelTest'] as const;
export type AreaName = (typeof areaNames)[number];

const perArea = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(areaNames.map((name) => [name, schema])) as Record<AreaName, T>);

/**
 * The runtime manifest `remotes.json`, composed at deploy time from the areas' own manifests (`npm run compose`,
 * docs/decisions/0031-route-manifests.md) and carried in the shell's page as well
 * (docs/performance.md#the-first-screens-path): where each remote's entry lives, how long a load may take, and per
 * area the paths it serves, its build and the `@shop/shared` range it needs. Recomposing on the server and reloading points the shell at other builds and routes.
 */
export const remoteManifestSchema = z.object({
  timeoutMs: z.number().int().positive().max(120_000).default(defaultTimeoutMs),
  remotes: perArea(z.string().url()),
  areas: perArea(
    z.object({
      version: z.string(),
      shared: z.string(),
      paths: z.array(z.string().startsWith('/')),
    }),
  ),
});
export type RemoteManifest = z.infer<typeof remoteManifestSchema>;

/**
 * remotes.json could not be read: no answer within the timeout, an error answer, or a file that is no composition.
 * Nothing of an area was fetched then, so a retry needs no page reload (RemoteArea.tsx).
 */
export class ManifestUnreadable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ManifestUnreadable';
  }
}

let manifest: Promise<RemoteManifest> | null = null;
/** The `timeoutMs` of the last composition read: how long the next read may take (timeout.ts). */
let knownTimeoutMs = defaultTimeoutMs;

/**
 * Fetched once; `fresh` asks again, as a retry does, so a file recomposed
 * meanwhile is used. A failed fetch is forgotten so that the next call asks again. A read that takes longer than
 * the composition's `timeoutMs` (the default while none was read) is given up and fails, as a remote's entry does.
 */
export function loadManifest({ fresh = false } = {}): Promise<RemoteManifest> {
  if (fresh) manifest = null;
  if (manifest) return manifest;
  // The first read takes the response the page's boot script already asked for, if any.
  const early = fresh ? undefined : takeEarlyRemotesResponse();
  const request = new AbortController();
  const read = (
    early ?? fetch(`${import.meta.env.BASE_URL}remotes.json`, { cache: 'no-store', signal: request.signal })
  )
    .then((response) => {
      if (!response.ok) throw new ManifestUnreadable(`remotes.json answered ${response.status}`);
      return response.json();
    })
    .then((json) => remoteManifestSchema.parse(json));
  const current: Promise<RemoteManifest> = withTimeout(read, knownTimeoutMs, 'remotes.json', () => request.abort())
    .then((composition) => {
      knownTimeoutMs = composition.timeoutMs;
      return composition;
    })
    .catch((error: unknown) => {
      if (manifest === current) manifest = null;
      throw error instanceof ManifestUnreadable
        ? error
        : new ManifestUnreadable(error instanceof Error ? error.message : String(error), { cause: error });
    });
  manifest = current;
  return current;
}
