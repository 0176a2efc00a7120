import { describe, expect, it } from 'vitest';
import {
  listingScreenKey,
  readCourseType,
  readFilterSelection,
  readHideFilter,
  readId,
  readListView,
  readPreselectedTags,
  withFilterSelection,
  withListView,
} from './listingQuery.ts';

describe('readId (productId, flexLearningId)', () => {
  it('accepts positive integers', () => {
    expect(readId('?productId=3', 'productId')).toBe(3);
    expect(readId('?flexLearningId=12&x=1', 'flexLearningId')).toBe(12);
  });
  it.each(['abc', '1.5', '-2', '0', '', '1e3', ' 4', '0x1F', '99999999999999999'])('ignores %j', (value) => {
    expect(readId(`?productId=${encodeURIComponent(value)}`, 'productId')).toBeUndefined();
  });
  it('is undefined when absent', () => {
    expect(readId('', 'productId')).toBeUndefined();
  });
});

describe('readCourseType', () => {
  it('accepts the three course types', () => {
    expect(readCourseType('?courseType=1')).toBe(1);
    expect(readCourseType('?courseType=2')).toBe(2);
    expect(readCourseType('?courseType=3')).toBe(3);
  });
  it('ignores non-integers and unknown types', () => {
    for (const value of ['abc', '1.5', '7', '0', '']) expect(readCourseType(`?courseType=${value}`)).toBe(1);
    expect(readCourseType('')).toBe(1);
  });
});

describe('readPreselectedTags', () => {
  it('reads comma-separated, repeated and bracketed values, lower-cased and deduplicated', () => {
    expect(readPreselectedTags('?preSelectedTags=b1')).toEqual(['b1']);
    expect(readPreselectedTags('?preSelectedTags=B1,evening&preSelectedTags=monday&preSelectedTags[]=b1')).toEqual([
      'b1',
      'evening',
      'monday',
    ]);
  });
  it('drops values that cannot be slugs', () => {
    expect(readPreselectedTags('?preSelectedTags=<script>,,a2')).toEqual(['a2']);
    expect(readPreselectedTags('')).toEqual([]);
  });
});

describe('readHideFilter', () => {
  it('is true for hideFilter=true in the current URL or when in force for the visit', () => {
    expect(readHideFilter('?hideFilter=true', false)).toBe(true);
    expect(readHideFilter('', true)).toBe(true);
    expect(readHideFilter('?hideFilter=1', false)).toBe(false);
  });
});

describe('the filter and view in the URL', () => {
  it('reads tags and range, a missing or unknown range being 3 months', () => {
    expect(readFilterSelection('?preSelectedTags=a1,monday&range=6')).toEqual({ tags: ['a1', 'monday'], months: 6 });
    expect(readFilterSelection('?range=5')).toEqual({ tags: [], months: 3 });
    expect(readFilterSelection('')).toEqual({ tags: [], months: 3 });
  });
  it('writes tags comma-joined and the range only when not the default, keeping other values', () => {
    expect(withFilterSelection('?courseType=3&preSelectedTags[]=b2', { tags: ['a1', 'b1'], months: 12 })).toBe(
      '?courseType=3&preSelectedTags=a1%2Cb1&range=12',
    );
    expect(withFilterSelection('?preSelectedTags=a1&range=6', { tags: [], months: 3 })).toBe('');
  });
  it('reads back what it wrote', () => {
    const selection = { tags: ['a2', 'evening'], months: 9 as const };
    expect(readFilterSelection(withFilterSelection('?courseType=1', selection))).toEqual(selection);
  });
  it('keeps the list view apart from the screen key', () => {
    expect(readListView(withListView('?courseType=3', true))).toBe(true);
    expect(withListView('?view=list', false)).toBe('');
    expect(listingScreenKey('/courses', '?courseType=3&preSelectedTags=a1&range=6&view=list')).toBe(
      listingScreenKey('/courses', '?courseType=3'),
    );
    expect(listingScreenKey('/courses', '?courseType=3')).not.toBe(listingScreenKey('/courses', '?courseType=1'));
  });
});
