import {
  courseSearchResultSchema,
  courseTagsResultSchema,
  flexibleLearningListSchema,
  priceConfigSchema,
  productSearchResultSchema,
  type CourseSearchFilter,
  type ProductSearchFilter,
} from '../contract/index.ts';
import { call } from './client.ts';

export const searchCourses = (filter: CourseSearchFilter, signal?: AbortSignal) =>
  call({
    path: '/course/search',
    query: { ...filter },
    result: courseSearchResultSchema,
    failure: 'Failed to search courses',
    signal,
  });

export const fetchCourseTags = () =>
  call({ path: '/course/tags', result: courseTagsResultSchema, failure: 'Failed to fetch course tags' });

export const fetchPriceConfig = () =>
  call({ path: '/course/price-config', result: priceConfigSchema, failure: 'Failed to fetch price configuration' });

export const fetchFlexibleLearningCourses = () =>
  call({
    path: '/course/flexible-learning',
    result: flexibleLearningListSchema,
    failure: 'Failed to fetch flexible learning courses',
  });

export const searchProducts = (filter: ProductSearchFilter, signal?: AbortSignal) =>
  call({
    path: '/product/search',
    query: { ...filter },
    result: productSearchResultSchema,
    failure: 'Failed to search products',
    signal,
  });
