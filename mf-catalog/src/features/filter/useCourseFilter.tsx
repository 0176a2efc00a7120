import { useEffect, useReducer } from 'react';
import { fetchCourseTags, type TagCategory, useLoad } from '@shop/shared';
import { FilterBar } from './FilterBar.tsx';
import { courseStartUntil, filterReducer, initialFilterState } from './filterState.ts';

/**
 * Filter state of one listing visit. It lives in the screen, so leaving the listing clears filters and search
 * (docs/product-rules.md#screens). Returns the applied course-search filter and the bar (null when hidden by hideFilter=true).
 */
export function useCourseFilter({ preselected, hidden }: { preselected: readonly string[]; hidden: boolean }) {
  const [state, dispatch] = useReducer(filterReducer, preselected, initialFilterState);
  const tags = useLoad<TagCategory[]>('tags', () => fetchCourseTags());
  const categories = tags.status === 'done' ? tags.data : null;

  useEffect(() => {
    if (categories) dispatch({ type: 'keepKnown', slugs: categories.flatMap((c) => c.tags.map((tag) => tag.slug)) });
  }, [categories]);

  const search = { tags: state.applied.tags, courseStartUntil: courseStartUntil(state.applied.months) };
  // Until the tags are in, an empty bar of the same height holds the place, so the listing below does not jump.
  const bar = hidden ? null : categories ? (
    <FilterBar state={state} dispatch={dispatch} categories={categories} />
  ) : (
    <div className="catalog-filter catalog-filter--pending" />
  );
  return { search, appliedTags: state.applied.tags, bar };
}
