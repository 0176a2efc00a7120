import { describe, expect, it } from 'vitest';
import { courseFixture } from '@shop/shared/testing';
import { nextBookable } from './nextCourses.ts';

describe('nextBookable', () => {
  const now = new Date(2027, 0, 10, 12);
  it('keeps the courses with a free place and open registration, soonest first, at most three', () => {
    const courses = [
      courseFixture({ id: 1, startDate: '2027-03-01', registrationDeadline: '2027-02-25' }),
      courseFixture({ id: 2, startDate: '2027-02-01', registrationDeadline: '2027-01-09' }),
      courseFixture({ id: 3, startDate: '2027-02-02', freePlaces: 0 }),
      courseFixture({ id: 4, startDate: '2027-02-03', registrationDeadline: '2027-01-10' }),
      courseFixture({ id: 5, startDate: '2027-02-03', startTime: '10:00', registrationDeadline: '2027-01-31' }),
      courseFixture({ id: 6, startDate: '2027-04-01', registrationDeadline: '2027-03-25' }),
    ];
    expect(nextBookable(courses, now).map((course) => course.id)).toEqual([5, 4, 1]);
    expect(nextBookable([], now)).toEqual([]);
  });
});
