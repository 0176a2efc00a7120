import { z } from 'zod';

/**
 * `analytics.json` beside remotes.json: the Google Tag Manager container of this deployment, set when
 * deploying (replace the file on the server; no rebuild), like the remote entries. The shipped file names
 * none, and then the shop makes no third-party request at all and asks for no consent (nothing to consent to).
 */
export const analyticsConfigSchema = z.object({
  gtmContainerId: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/)
    .nullable()
    .default(null),
});
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

const none: AnalyticsConfig = { gtmContainerId: null };
let config: Promise<AnalyticsConfig> | null = null;

/** Fetched once per page; a missing or malformed file means no tag manager (and says why in the console). */
export function loadAnalyticsConfig(url = `${import.meta.env.BASE_URL}analytics.json`): Promise<AnalyticsConfig> {
  config ??= fetch(url, { cache: 'no-store' })
    .then(async (response) => (response.ok ? analyticsConfigSchema.parse(await response.json()) : none))
    .catch((error: unknown) => {
      console.warn('analytics.json unusable; no tag manager', error);
      return none;
    });
  return config;
}

/** Tests only. */
export function resetAnalyticsConfigForTest(): void {
  config = null;
}
