import { settleWithin, startLoad, type LoadSpec } from '@shop/shared';
import { selectionSearch } from '../filter/filterState.ts';
import { readCourseType, readFilterSelection, readId } from '../query/listingQuery.ts';
import { combinedCoursesLoad, coursesLoad, flexibleLoad, productsLoad, tagsLoad } from './screenLoads.ts';

/** The course search of a listing's first screen: its preselected tags and the default range. */
const initialSearch = (search: string) => selectionSearch(readFilterSelection(search));

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
 * How long the area's routes wait at most for the first screen's answers: within it, the page's first commit
 * holds its cards; a slower answer gets the page with its loading notice, then the cards
 * (docs/performance.md#the-first-screens-path).
 */
export const firstScreenDataWaitMs = 800;

/**
 * Asks for the first screen's data now — while the page's texts, frame and code are still arriving — instead of
 * once the listing has rendered (docs/performance.md#the-first-screens-path). Resolves when every answer is in, or
 * after firstScreenDataWaitMs; never rejects (a failed answer is the page's to show).
 */
export function startFirstScreenLoads({ pathname, search }: { pathname: string; search: string }): Promise<void> {
  const answers = firstScreenLoads(pathname, search).map((spec) => startLoad(spec));
  return settleWithin(Promise.all(answers), firstScreenDataWaitMs);
}
