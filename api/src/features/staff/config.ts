/** Where the back office runs (BACKOFFICE_URL): the staff setup links point there. Port 5178 by default. */
export const defaultBackofficeUrl = 'http://localhost:5178';

export function backofficeUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const url = (env.BACKOFFICE_URL?.trim() || defaultBackofficeUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(url)) throw new Error('BACKOFFICE_URL must start with http:// or https://');
  return url;
}
