/**
 * Links to the school's own site, set at build time (see docs/configuration.md). The defaults use the
 * reserved `.example` domain so a fresh checkout never links to somebody's real site.
 */
const env = import.meta.env;
const site = (env.VITE_SCHOOL_URL as string | undefined) ?? 'https://www.sprachschule.example/';

export const shellConfig = {
  schoolUrl: site,
  footerLinks: {
    imprint: (env.VITE_IMPRINT_URL as string | undefined) ?? new URL('impressum', site).href,
    privacy: (env.VITE_PRIVACY_URL as string | undefined) ?? new URL('datenschutz', site).href,
    terms: (env.VITE_TERMS_URL as string | undefined) ?? new URL('agb', site).href,
    contact: (env.VITE_CONTACT_URL as string | undefined) ?? new URL('kontakt', site).href,
    cancellation: (env.VITE_CANCELLATION_URL as string | undefined) ?? new URL('widerruf', site).href,
  },
} as const;
