import { translationListSchema } from '../contract/index.ts';
import { call } from './client.ts';

export const fetchTranslations = () =>
  call({ path: '/translation/all', result: translationListSchema, failure: 'Failed to fetch translations' });
