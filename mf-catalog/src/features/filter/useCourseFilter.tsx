import { useEffect, useReducer, type Dispatch } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLoad, type TagCategory } from '@shop/shared';
import { tagsLoad } from '../listing/screenLoads.ts';
import { readFilterSelection, withFilterSelection } from '../query/listingQuery.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { FilterBar } from './FilterBar.tsx';
import { defaultRange, filterReducer, initialFilterState, selectionSearch, type FilterAction } from './filterState.ts';

const noCategories: readonly TagCategory[] = [];

/**
 * Filter state of one listing visit. The applied filter lives in the URL (`preSelectedTags`, `range`), so a reload,
 * a shared link and back/forward show the same listing; leaving the listing for another page leaves
 * its URL behind, which clears filters and search (docs/product-rules.md#screens). The draft and the open panel
 * live in the screen. Returns the applied course-search filter and the bar (null when hidden by hideFilter=true).
 */
export function useCourseFilter({ hidden }: { hidden: boolean }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const inUrl = readFilterSelection(search);
  const urlKey = JSON.stringify(inUrl);
  const [state, dispatch] = useReducer(filterReducer, undefined, () => initialFilterState(inUrl.tags, inUrl.months));
  const tags = useLoad(tagsLoad.key, tagsLoad.load);
  const loaded = tags.status === 'done' ? tags.data : null;

  useEffect(() => {
    dispatch({ type: 'show', selection: JSON.parse(urlKey) as typeof inUrl });
    if (loaded) dispatch({ type: 'keepKnown', slugs: loaded.flatMap((c) => c.tags.map((tag) => tag.slug)) });
  }, [urlKey, loaded]);
  // Without the tags (their call failed) the bar still offers what needs none: the course range and clear. The
  // preselected tags stay applied, as nothing says they are unknown.
  const categories = tags.status === 'error' ? noCategories : loaded;

  // Apply and clear write the URL (a history entry each, so "back" undoes them); the URL then shows the state.
  const act: Dispatch<FilterAction> = (action) => {
    if (action.type === 'apply') navigate({ search: withFilterSelection(search, state.draft) });
    if (action.type === 'clear') navigate({ search: withFilterSelection(search, { tags: [], months: defaultRange }) });
    dispatch(action);
  };
  const show = (selection: typeof state.applied) => navigate({ search: withFilterSelection(search, selection) });

  const applied = selectionSearch(state.applied);
  // Until the tags are in, an empty bar of the same height holds the place, so the listing below does not jump.
  const bar = hidden ? null : categories ? (
    <>
      <FilterBar state={state} dispatch={act} categories={categories} />
      <ActiveFilters applied={state.applied} onChange={show} />
    </>
  ) : (
    <div className="catalog-filter catalog-filter--pending" />
  );
  return { search: applied, appliedTags: state.applied.tags, bar };
}
