import { describe, expect, it } from 'vitest';
import { readCourseType } from './courseQuery.ts';

describe('readCourseType', () => {
  it('accepts the three course types', () => {
    expect(readCourseType('?courseType=1')).toBe(1);
    expect(readCourseType('?courseType=2')).toBe(2);
    expect(readCourseType('?courseType=3')).toBe(3);
  });
  it('ignores non-integers and unknown types', () => {
    expect(readCourseType('?courseType=abc')).toBe(1);
    expect(readCourseType('?courseType=1.5')).toBe(1);
    expect(readCourseType('?courseType=7')).toBe(1);
    expect(readCourseType('')).toBe(1);
  });
});
