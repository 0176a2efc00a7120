import { useEffect, useReducer } from 'react';
import { useLoad, type TagCategory } from '@shop/shared';
import { tagsLoad } from '../listing/screenLoads.ts';
import { FilterBar } from './FilterBar.tsx';
import { filterReducer, initialFilterState, selectionSearch } from './filterState.ts';

const noCategories: readonly TagCategory[] = [];

/**
 * Filter state of one listing visit. It lives in the screen, so leaving the listing clears filters and search
 * (docs/product-rules.md#screens). Returns the applied course-search filter and the bar (null when hidden by hideFilter=true).
 */
export function useCourseFilter({ preselected, hidden }: { preselected: readonly string[]; hidden: boolean }) {
  const [state, dispatch] = useReducer(filterReducer, preselected, initialFilterState);
  const tags = useLoad(tagsLoad.key, tagsLoad.load);
  const loaded = tags.status === 'done' ? tags.data : null;

  useEffect(() => {
    if (loaded) dispatch({ type: 'keepKnown', slugs: loaded.flatMap((c) => c.tags.map((tag) => tag.slug)) });
  }, [loaded]);
  // Without the tags (their call failed) the bar still offers what needs none: the course range and clear. The
  // preselected tags stay applied, as nothing says they are unknown.
  const categories = tags.status === 'error' ? noCategories : loaded;

  const search = selectionSearch(state.applied);
  // Until the tags are in, an empty bar of the same height holds the place, so the listing below does not jump.
  const bar = hidden ? null : categories ? (
    <FilterBar state={state} dispatch={dispatch} categories={categories} />
  ) : (
    <div className="catalog-filter catalog-filter--pending" />
  );
  return { search, appliedTags: state.applied.tags, bar };
}
