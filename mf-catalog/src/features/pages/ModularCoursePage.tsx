import { useLoad } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ListingScreen } from '../listing/ListingScreen.tsx';
import { flexibleItems } from '../listing/sliderItems.tsx';
import { mapLoad } from '../listing/loads.ts';
import { flexibleLoad } from '../listing/screenLoads.ts';
import { readId } from '../query/listingQuery.ts';

/** /modular-course: flexible-learning modules with their appointments; `flexLearningId` shows that module. */
export function ModularCoursePage() {
  const { t } = useTranslation();
  const id = readId(useLocation().search, 'flexLearningId');
  const load = flexibleLoad(id);
  const courses = useLoad(load.key, load.load);
  return (
    <ListingScreen
      title={t('catalog.modular.title')}
      mainSiteHint
      items={mapLoad(courses, flexibleItems)}
      columns={2}
    />
  );
}
