import type { Language } from '../contract/common.ts';
import { translationTextsSchema } from '../contract/index.ts';
import { call } from './client.ts';

/**
 * One language's server texts (GET /translation/:language), limited to `namespaces` when given. The browser's
 * HTTP cache keeps the answer for its max-age and revalidates it with the ETag.
 */
export const fetchLanguageTexts = (language: Language, namespaces?: readonly string[]) =>
  call({
    path: `/translation/${language}`,
    query: { ns: namespaces?.join(',') },
    result: translationTextsSchema,
    failure: 'Failed to fetch translations',
  });
