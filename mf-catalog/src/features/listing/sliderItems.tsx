import type { Course, FlexibleLearningCourse, Product } from '@shop/shared';
import { CourseCard } from '../cards/CourseCard.tsx';
import { FlexibleCourseCard } from '../cards/FlexibleCourseCard.tsx';
import { ProductCard } from '../cards/ProductCard.tsx';
import type { SliderItem } from './CardSlider.tsx';

/** Cards for the slider, keyed by kind and id so courses, products and modules never collide. */
export const courseItems = (courses: readonly Course[]): SliderItem[] =>
  courses.map((course) => ({
    key: `course-${course.id}`,
    render: (details) => <CourseCard course={course} detailsControl={details} />,
  }));

export const productItems = (products: readonly Product[]): SliderItem[] =>
  products.map((product) => ({ key: `product-${product.id}`, render: () => <ProductCard product={product} /> }));

export const flexibleItems = (courses: readonly FlexibleLearningCourse[]): SliderItem[] =>
  courses.map((course) => ({
    key: `flexible-${course.id}`,
    render: (details) => <FlexibleCourseCard course={course} detailsControl={details} />,
  }));
