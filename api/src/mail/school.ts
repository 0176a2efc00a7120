/**
 * The school as its mails name it: the name of the shop's header, the contact of its confirmation mails, and the
 * legal pages on its own site (the same defaults as the shop's footer links; docs/decisions/0035-mail-layout.md).
 */
const site = 'https://www.sprachschule.example/';

export const school = {
  name: 'Sprachschule Español',
  email: 'kontakt@sprachschule.example',
  phone: '+49 30 1234567',
  site,
  legal: {
    imprint: new URL('impressum', site).href,
    privacy: new URL('datenschutz', site).href,
    terms: new URL('agb', site).href,
    cancellation: new URL('widerruf', site).href,
  },
} as const;
