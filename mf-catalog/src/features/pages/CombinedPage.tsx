import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { startHeightReporter } from '@shop/shared';
import { readHideFilter, readPreselectedTags } from '../query/listingQuery.ts';
import { CombinedListing } from './CombinedListing.tsx';

/**
 * /products-iframe: the combined listing for framing on other sites. It reports its height to the parent
 * (every 200 ms, on change) and loads no tracking script.
 */
export function CombinedPage() {
  const { search } = useLocation();
  useEffect(() => startHeightReporter(), []);
  return <CombinedListing preselected={readPreselectedTags(search)} hideFilter={readHideFilter(search)} />;
}
