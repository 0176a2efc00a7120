import { describe, expect, it } from 'vitest';
import { readCourseType, readHideFilter, readId, readPreselectedTags } from './listingQuery.ts';

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
