import { z } from 'zod';
import { takeEarlyRemotesResponse } from '../../boot/earlyRemotes.ts';

/** The four remotes (docs/architecture.md#layout) by their federation names. */
export const areaNames = ['catalog', 'cartCheckout', 'account', 'levelTest'] as const;
export type AreaName = (typeof areaNames)[number];

const perArea = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(areaNames.map((name) => [name, schema])) as Record<AreaName, T>);

/**
 * The runtime manifest `remotes.json`, composed at deploy time from the areas' own manifests (`npm run compose`,
 * docs/decisions/0031-route-manifests.md) and carried in the shell's page as well (0054): where each remote's
 * entry lives, how long a load may take, and per area the paths it serves, its build and the `@shop/shared` range
 * it needs. Recomposing on the server and reloading points the shell at other builds and routes.
 */
export const remoteManifestSchema = z.object({
  timeoutMs: z.number().int().positive().max(120_000).default(8000),
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

let manifest: Promise<RemoteManifest> | null = null;

/**
 * Fetched once; `fresh` asks again, as a retry does, so a file recomposed
 * meanwhile is used. A failed fetch is forgotten so that the next call asks again.
 */
export function loadManifest({ fresh = false } = {}): Promise<RemoteManifest> {
  if (fresh) manifest = null;
  // The first read takes the response the page's boot script already asked for, if any.
  const early = fresh ? undefined : takeEarlyRemotesResponse();
  manifest ??= (early ?? fetch(`${import.meta.env.BASE_URL}remotes.json`, { cache: 'no-store' }))
    .then((response) => {
      if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
      return response.json();
    })
    .then((json) => remoteManifestSchema.parse(json))
    .catch((error: unknown) => {
      manifest = null;
      throw error;
    });
  return manifest;
}
