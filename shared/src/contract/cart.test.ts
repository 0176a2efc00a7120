import { describe, expect, it } from 'vitest';
import { courseFixture } from '../testing/fixtures.ts';
import { cartQuantity, maxCartQuantity, type CartItem } from './cart.ts';

const courseLine = (freePlaces: number): CartItem => {
  const course = courseFixture({ freePlaces });
  return {
    id: 'x',
    itemType: 'course',
    quantity: 1,
    courseId: course.id,
    courseType: course.type,
    courseDetails: course,
  };
};

describe('maxCartQuantity', () => {
  it('stops a course at its free places', () => {
    expect(maxCartQuantity(courseLine(2))).toBe(2);
  });
  it('stops at the cart maximum when more places are free', () => {
    expect(maxCartQuantity(courseLine(40))).toBe(cartQuantity.max);
  });
  it('keeps the one place of a course that has since filled up', () => {
    expect(maxCartQuantity(courseLine(0))).toBe(cartQuantity.min);
  });
});
