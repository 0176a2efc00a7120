import { z } from 'zod';
import { optionalText, parseEnvironment } from '../../config.ts';

/** Where the back office runs (BACKOFFICE_URL): the staff setup links point there. Port 5178 by default. */
export const defaultBackofficeUrl = 'http://localhost:5178';

const staffEnvironmentSchema = z.object({
  BACKOFFICE_URL: optionalText
    .transform((url) => (url ?? defaultBackofficeUrl).replace(/\/+$/, ''))
    .refine((url) => /^https?:\/\/[^/]+/.test(url), { message: 'BACKOFFICE_URL must start with http:// or https://' }),
});

export function backofficeUrlFromEnv(env: NodeJS.ProcessEnv): string {
  const read = parseEnvironment(staffEnvironmentSchema, env);
  return read.BACKOFFICE_URL;
}
