import { useLocation } from 'react-router-dom';
import { readHideFilter } from '../query/listingQuery.ts';
import { CombinedListing } from './CombinedListing.tsx';

/**
 * /products-iframe: the combined listing for framing on other sites. It loads no tracking script (the shell
 * never loads the tag manager on this path); like every framed page it reports its height to the parent,
 * which the shell (or the standalone start) does for the whole page.
 */
export function CombinedPage() {
  const { search } = useLocation();
  return <CombinedListing hideFilter={readHideFilter(search)} />;
}
