import { useTranslation } from 'react-i18next';
import { CourseType, TagCategoryId, type Course, useLoad } from '@shop/shared';
import { levelOf } from '../cards/cardView.ts';
import { useCourseFilter } from '../filter/useCourseFilter.tsx';
import { loadCourses, loadFlexibleCourses, loadProducts } from '../listing/catalogData.ts';
import { ListingScreen } from '../listing/ListingScreen.tsx';
import { courseItems, flexibleItems, productItems } from '../listing/sliderItems.tsx';
import { combineLoads, mapLoad } from '../listing/loads.ts';

const byStart = (a: Course, b: Course) =>
  a.startDate.localeCompare(b.startDate) || (a.startTime ?? '99').localeCompare(b.startTime ?? '99');
const levelSlugs = new Set(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);

/**
 * Products, courses (group courses and conversation hours) and flexible courses in one slider: the screen of
 * /products-iframe and of the partner embed. The filter applies to the course search; products and flexible
 * courses, which have no dates or weekdays, follow its level selection only.
 */
export function CombinedListing({ preselected, hideFilter }: { preselected: readonly string[]; hideFilter: boolean }) {
  const { t } = useTranslation();
  const filter = useCourseFilter({ preselected, hidden: hideFilter });
  const key = JSON.stringify(filter.search);
  const courses = useLoad(`courses:${key}`, async (signal) => {
    const [group, conversation] = await Promise.all([
      loadCourses({ ...filter.search, type: CourseType.fullCourse }, signal),
      loadCourses({ ...filter.search, type: CourseType.conversationHours }, signal),
    ]);
    return [...group, ...conversation].sort(byStart);
  });
  const flexible = useLoad('flexible', () => loadFlexibleCourses());
  const products = useLoad('products', (signal) => loadProducts({}, signal));

  const levels = filter.appliedTags.filter((slug) => levelSlugs.has(slug));
  const matchesLevel = (entity: { tags: { categoryId: number; slug: string }[] }, fallback: 'a1' | 'flex') =>
    levels.length === 0 ||
    levels.includes(levelOf({ tags: entity.tags.filter((tag) => tag.categoryId === TagCategoryId.level) }, fallback));

  const items = mapLoad(combineLoads(courses, flexible, products), ([c, f, p]) => [
    ...courseItems(c),
    ...flexibleItems(f.filter((course) => matchesLevel(course, 'a1'))),
    ...productItems(p.filter((product) => matchesLevel(product, 'flex'))),
  ]);
  return <ListingScreen title={t('catalog.iframe.title')} filter={filter.bar} items={items} columns={3} />;
}
