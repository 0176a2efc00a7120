import { z } from 'zod';
import { areaNames } from './routeTable.ts';

/**
 * The runtime manifest `remotes.json`, fetched at boot: where each remote's entry lives and how long a load
 * may take. Replacing the file on the server and reloading points the shell at other builds.
 */
export const remoteManifestSchema = z.object({
  timeoutMs: z.number().int().positive().max(120_000).default(8000),
  remotes: z.object(
    Object.fromEntries(areaNames.map((name) => [name, z.string().url()])) as Record<
      (typeof areaNames)[number],
      z.ZodString
    >,
  ),
});
export type RemoteManifest = z.infer<typeof remoteManifestSchema>;

let manifest: Promise<RemoteManifest> | null = null;

/** Fetched once; a failed fetch is forgotten so that the next retry asks again. */
export function loadManifest(url = `${import.meta.env.BASE_URL}remotes.json`): Promise<RemoteManifest> {
  manifest ??= fetch(url, { cache: 'no-store' })
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
