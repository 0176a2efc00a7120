import {
  CourseType,
  courseTypeSchema,
  frameFlags,
  queryIdSchema,
  type CourseType as CourseTypeValue,
} from '@shop/shared';

/**
 * Query values of the listing screens (docs/product-rules.md#screens, #validation). A value that does not validate is ignored — the screen
 * shows its default listing, never an error screen.
 */

/** A positive integer id (`productId`, `flexLearningId`), or undefined for anything else ("1.5", "abc", "-2"). */
export function readId(search: string, name: string): number | undefined {
  const raw = new URLSearchParams(search).get(name);
  // Only plain digits: Number() would also accept "1e3", " 12" or "0x1F".
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = queryIdSchema.safeParse(raw);
  return id.success ? id.data : undefined;
}

/** `courseType` of /courses: one of the three course types; group courses otherwise. */
export function readCourseType(search: string): CourseTypeValue {
  const id = readId(search, 'courseType');
  const type = courseTypeSchema.safeParse(id);
  return type.success ? type.data : CourseType.fullCourse;
}

/** Tag slugs of `preSelectedTags` (comma-separated and/or repeated, `preSelectedTags[]` too), deduplicated. */
export function readPreselectedTags(search: string): string[] {
  const query = new URLSearchParams(search);
  return tagSlugs([...query.getAll('preSelectedTags'), ...query.getAll('preSelectedTags[]')]);
}

/**
 * Tag slugs as a visitor or a partner writes them (`preSelectedTags`, the embed's `data-tags`): comma-separated
 * values, trimmed and lower-cased, without what cannot be a slug, deduplicated.
 */
export function tagSlugs(values: readonly string[]): string[] {
  const slugs = values.flatMap((value) => value.split(',')).map((slug) => slug.trim().toLowerCase());
  return [...new Set(slugs.filter((slug) => /^[a-z0-9-]{1,64}$/.test(slug)))];
}

/**
 * `hideFilter=true` (docs/product-rules.md#screens) in the current URL, or in force for the visit: the shell captures the global
 * flags from the landing URL (and keeps them inside a frame), see frameFlags in @shop/shared.
 */
export function readHideFilter(search: string, inForce: boolean = frameFlags().hideFilter): boolean {
  return inForce || new URLSearchParams(search).get('hideFilter') === 'true';
}
