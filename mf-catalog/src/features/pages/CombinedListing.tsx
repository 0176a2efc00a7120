import { useTranslation } from 'react-i18next';
import { useLoad } from '@shop/shared';
import { levelsOf } from '../cards/cardView.ts';
import { useCourseFilter } from '../filter/useCourseFilter.tsx';
import { ListingScreen } from '../listing/ListingScreen.tsx';
import { courseItems, flexibleItems, productItems } from '../listing/sliderItems.tsx';
import { combineLoads, mapLoad } from '../listing/loads.ts';
import { combinedCoursesLoad, flexibleLoad, productsLoad } from '../listing/screenLoads.ts';

const levelSlugs = new Set(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);

/**
 * Products, courses (group courses and conversation hours) and flexible courses in one slider: the screen of
 * /products-iframe and of the partner embed. The filter applies to the course search; products and flexible
 * courses, which have no dates or weekdays, follow its level selection only.
 */
export function CombinedListing({ hideFilter }: { hideFilter: boolean }) {
  const { t } = useTranslation();
  const filter = useCourseFilter({ hidden: hideFilter });
  const coursesSpec = combinedCoursesLoad(filter.search);
  const courses = useLoad(coursesSpec.key, coursesSpec.load);
  const flexibleSpec = flexibleLoad();
  const flexible = useLoad(flexibleSpec.key, flexibleSpec.load);
  const productsSpec = productsLoad();
  const products = useLoad(productsSpec.key, productsSpec.load);

  const levels = filter.appliedTags.filter((slug) => levelSlugs.has(slug));
  // As in the course search, levels of one category are alternatives: any level of the entity may match.
  const matchesLevel = (entity: { tags: { categoryId: number; slug: string }[] }, fallback: 'a1' | 'flex') =>
    levels.length === 0 || levelsOf(entity, fallback).some((level) => levels.includes(level));

  const items = mapLoad(combineLoads(courses, flexible, products), ([c, f, p]) => [
    ...courseItems(c),
    ...flexibleItems(f.filter((course) => matchesLevel(course, 'a1'))),
    ...productItems(p.filter((product) => matchesLevel(product, 'flex'))),
  ]);
  return <ListingScreen title={t('catalog.iframe.title')} filter={filter.bar} items={items} columns={3} />;
}
