import { startLoad, type LoadSpec } from '@shop/shared';
import { initialFilterState, selectionSearch } from '../filter/filterState.ts';
import { readCourseType, readId, readPreselectedTags } from '../query/listingQuery.ts';
import { combinedCoursesLoad, coursesLoad, flexibleLoad, productsLoad, tagsLoad } from './screenLoads.ts';

/** The course search of a listing's first screen: its preselected tags and the default range. */
const initialSearch = (search: string) => selectionSearch(initialFilterState(readPreselectedTags(search)).applied);

/**
 * The loads a listing's first screen makes at this address, with the keys its page will ask under (screenLoads.ts),
 * or none where the address is not a listing.
 */
export function firstScreenLoads(pathname: string, search: string): LoadSpec<unknown>[] {
  switch (pathname) {
    case '/courses':
      return [tagsLoad, coursesLoad({ type: readCourseType(search), ...initialSearch(search) })];
    case '/products-iframe':
      return [tagsLoad, combinedCoursesLoad(initialSearch(search)), flexibleLoad(), productsLoad()];
    case '/products':
      return [productsLoad(readId(search, 'productId'))];
    case '/modular-course':
      return [flexibleLoad(readId(search, 'flexLearningId'))];
    default:
      return [];
  }
}

/**
 * Asks for the first screen's data now — while the page's texts, frame and code are still arriving — instead of
 * once the listing has rendered (docs/decisions/0043-first-screen-data.md).
 */
export function startFirstScreenLoads({ pathname, search }: { pathname: string; search: string }): void {
  for (const spec of firstScreenLoads(pathname, search)) startLoad(spec);
}
