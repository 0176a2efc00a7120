import {
  courseRangeOptions,
  CourseType,
  defaultCourseRange,
  type CourseRangeMonths,
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

/** The query names that hold a listing's applied filter and its view: they change what it shows, not which screen. */
const listingStateNames = ['preSelectedTags', 'preSelectedTags[]', 'range', 'view'];

/** `range` (months of courses to show): one of the filter's range options, else undefined. */
export function readRange(search: string): CourseRangeMonths | undefined {
  const raw = new URLSearchParams(search).get('range');
  return courseRangeOptions.find((months) => String(months) === raw);
}

/**
 * The applied filter as the URL holds it (reload, share, back and forward keep it): `preSelectedTags`
 * and `range`; a missing or unknown range is the default.
 */
export function readFilterSelection(search: string): { tags: string[]; months: CourseRangeMonths } {
  return { tags: readPreselectedTags(search), months: readRange(search) ?? defaultCourseRange };
}

/** `search` with the applied filter written in: tags comma-joined, the range only when not the default. */
export function withFilterSelection(search: string, selection: { tags: readonly string[]; months: number }): string {
  const query = new URLSearchParams(search);
  for (const name of ['preSelectedTags', 'preSelectedTags[]', 'range']) query.delete(name);
  if (selection.tags.length > 0) query.set('preSelectedTags', selection.tags.join(','));
  if (selection.months !== defaultCourseRange) query.set('range', String(selection.months));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** `view=list`: the listing as a plain list instead of the slider. */
export const readListView = (search: string): boolean => new URLSearchParams(search).get('view') === 'list';

/** `search` with the view written in (the slider is the default and leaves no trace). */
export function withListView(search: string, list: boolean): string {
  const query = new URLSearchParams(search);
  if (list) query.set('view', 'list');
  else query.delete('view');
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * Which screen a listing URL is: its path and the query without filter and view. A change of these remounts the
 * listing (a clean state); a change of the filter or view keeps it, so focus and the open filter panel stay.
 */
export function listingScreenKey(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  for (const name of listingStateNames) query.delete(name);
  return `${pathname}?${query.toString()}`;
}
