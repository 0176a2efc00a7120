/**
 * The school's pages the checkout links to (terms, privacy, cancellation policy, contact): the same build-time
 * variables and defaults as the shell's footer (docs/configuration.md).
 */
const env = import.meta.env as Record<string, string | undefined>;
const site = env.VITE_SCHOOL_URL ?? 'https://www.sprachschule.example/';

export const termsUrl = env.VITE_TERMS_URL ?? new URL('agb', site).href;
export const privacyUrl = env.VITE_PRIVACY_URL ?? new URL('datenschutz', site).href;
export const cancellationUrl = env.VITE_CANCELLATION_URL ?? new URL('widerruf', site).href;
export const contactUrl = env.VITE_CONTACT_URL ?? new URL('kontakt', site).href;
