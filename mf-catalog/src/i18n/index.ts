import type { AreaTranslations } from '@shop/shared';
import de from './de.json';

export const areaTranslations: AreaTranslations = {
  de,
  // Loaded only when shown: German, the source and fallback, is always bundled.
  en: () => import('./en.json'),
  es: () => import('./es.json'),
};
