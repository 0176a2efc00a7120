import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The texts the shop shows: each shipped text (`translation`, following the areas' source files) unless an operator
 * edited it in the back office (`translation_override`, a layer of its own that no start and no deploy touches).
 * Select more columns of `translation` on the returned query; `value` is already selected.
 */
export function effectiveTexts(kysely: Kysely<Database>) {
  return kysely
    .selectFrom('translation')
    .leftJoin('translation_override', (join) =>
      join
        .onRef('translation_override.slug', '=', 'translation.slug')
        .onRef('translation_override.language', '=', 'translation.language'),
    )
    .select(sql<string>`coalesce(translation_override.value, translation.value)`.as('value'));
}
