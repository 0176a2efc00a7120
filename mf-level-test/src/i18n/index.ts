import type { AreaTranslations } from '@shop/shared';
import de from './de.json';
import en from './en.json';
import es from './es.json';

export const areaTranslations: AreaTranslations = { de, en, es };
