import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { CourseType, useLoad } from '@shop/shared';
import { useCourseFilter } from '../filter/useCourseFilter.tsx';
import { ListingScreen } from '../listing/ListingScreen.tsx';
import { courseItems } from '../listing/sliderItems.tsx';
import { mapLoad } from '../listing/loads.ts';
import { coursesLoad } from '../listing/screenLoads.ts';
import { readCourseType, readHideFilter } from '../query/listingQuery.ts';

/** The heading of each course type: courseType may name any of the three (docs/product-rules.md#screens), and the heading says which. */
const titleKeys: Record<CourseType, string> = {
  [CourseType.fullCourse]: 'catalog.courses.title',
  [CourseType.flexibleAppointment]: 'catalog.modular.title',
  [CourseType.conversationHours]: 'catalog.courses.conversationTitle',
};

/** /courses: group courses, or conversation hours with courseType=3 (docs/product-rules.md#screens), with the filter bar. */
export function CoursesPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const type = readCourseType(search);
  const filter = useCourseFilter({ hidden: readHideFilter(search) });
  const load = coursesLoad({ type, ...filter.search });
  const courses = useLoad(load.key, load.load);

  return (
    <ListingScreen
      title={t(titleKeys[type])}
      mainSiteHint
      filter={filter.bar}
      items={mapLoad(courses, courseItems)}
      columns={3}
    />
  );
}
