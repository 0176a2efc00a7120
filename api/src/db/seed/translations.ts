import type { Language } from '@shop/shared/contract';

/**
 * Server-side texts (GET /api/translation/all). Keys are i18next dot paths; add keys here as areas need
 * them: seeding inserts missing keys on every start and never overwrites a text edited in the database.
 */
export const seedTranslations: Record<string, Record<Language, string>> = {
  'shell.home.title': { de: 'Spanisch lernen online', en: 'Learn Spanish online', es: 'Aprende español online' },
};
