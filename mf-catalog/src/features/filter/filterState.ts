import {
  courseRangeOptions,
  defaultCourseRange,
  isoDateMonthsAfter,
  TagCategoryId,
  type CourseRangeMonths,
  type TagCategory,
} from '@shop/shared';

/** Course range options of docs/product-rules.md#limits, in months; 3 is the default (the contract's, which the API's level-test recommendation uses too). */
export const rangeOptions = courseRangeOptions;
export type RangeMonths = CourseRangeMonths;
export const defaultRange: RangeMonths = defaultCourseRange;

/** Categories the filter bar offers, in its order (docs/product-rules.md#screens): day, level, time, month, time range. */
export const filterCategoryIds = [
  TagCategoryId.weekday,
  TagCategoryId.level,
  TagCategoryId.time,
  TagCategoryId.month,
  TagCategoryId.timeRange,
] as const;

export interface FilterSelection {
  tags: string[];
  months: RangeMonths;
}

/** What the visitor is choosing (`draft`) and what the listing shows (`applied`, changed by apply or clear). */
export interface FilterState {
  open: boolean;
  draft: FilterSelection;
  applied: FilterSelection;
}

export type FilterAction =
  | { type: 'toggleOpen' }
  | { type: 'toggleTag'; slug: string }
  | { type: 'clearCategory'; slugs: readonly string[] }
  | { type: 'setRange'; months: RangeMonths }
  | { type: 'apply' }
  | { type: 'clear' }
  | { type: 'keepKnown'; slugs: readonly string[] }
  | { type: 'show'; selection: FilterSelection };

/** Preselected tags (query `preSelectedTags`) and range (query `range`) are applied from the start. */
export function initialFilterState(
  preselected: readonly string[] = [],
  months: RangeMonths = defaultRange,
): FilterState {
  const selection = { tags: [...preselected], months };
  return { open: false, draft: selection, applied: selection };
}

export function filterReducer(state: FilterState, action: FilterAction): FilterState {
  switch (action.type) {
    case 'toggleOpen':
      return { ...state, open: !state.open };
    case 'toggleTag': {
      const tags = state.draft.tags.includes(action.slug)
        ? state.draft.tags.filter((t) => t !== action.slug)
        : [...state.draft.tags, action.slug];
      return { ...state, draft: { ...state.draft, tags } };
    }
    case 'clearCategory':
      return { ...state, draft: { ...state.draft, tags: state.draft.tags.filter((t) => !action.slugs.includes(t)) } };
    case 'setRange':
      return { ...state, draft: { ...state.draft, months: action.months } };
    case 'apply':
      return { ...state, applied: state.draft };
    case 'clear': {
      // Clearing resets the range to 3 months too (docs/product-rules.md#screens) and takes effect at once.
      const empty = { tags: [], months: defaultRange };
      return { ...state, draft: empty, applied: empty };
    }
    case 'show':
      // The URL changed (apply, a removed chip, back or forward): it holds the applied filter, the draft follows.
      return { ...state, draft: action.selection, applied: action.selection };
    case 'keepKnown': {
      // Tags that no category has (a stale preSelectedTags link) are dropped, so counts stay truthful.
      const known = (tags: string[]) => tags.filter((t) => action.slugs.includes(t));
      return {
        ...state,
        draft: { ...state.draft, tags: known(state.draft.tags) },
        applied: { ...state.applied, tags: known(state.applied.tags) },
      };
    }
  }
}

/** Whether a selection narrows the listing: any tag, or a range other than the default. */
export const narrows = (selection: FilterSelection) => selection.tags.length > 0 || selection.months !== defaultRange;

/** The count on the apply button: tags selected in the draft. */
export const selectedCount = (state: FilterState) => state.draft.tags.length;

/** The course search a selection stands for: its tags and the end of its range. */
export function selectionSearch(selection: FilterSelection): { tags: string[]; courseStartUntil: string } {
  return { tags: selection.tags, courseStartUntil: courseStartUntil(selection.months) };
}

/** courseStartUntil (yyyy-MM-dd) for a range of `months` from `today`. */
export function courseStartUntil(months: RangeMonths, today = new Date()): string {
  return isoDateMonthsAfter(today, months);
}

/** The filter bar's categories in its order, from GET /course/tags. */
export function filterCategories(categories: readonly TagCategory[]): TagCategory[] {
  return filterCategoryIds.flatMap((id) => categories.filter((category) => category.id === id));
}
