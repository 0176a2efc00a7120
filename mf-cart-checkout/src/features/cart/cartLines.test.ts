import { describe, expect, it } from 'vitest';
import type { CartItem } from '@shop/shared';
import { cartTotal, toCartLine } from './cartLines.ts';

const item = (price: number, discountedPrice: number | null, quantity: number): CartItem => ({
  id: 'x1',
  itemType: 'course',
  quantity,
  courseId: 7,
  courseType: 1,
  courseDetails: {
    id: 7,
    type: 1,
    identifier: 'ES-A1-01',
    titles: [
      { language: 'de', description: 'Spanisch A1' },
      { language: 'es', description: 'Español A1' },
    ],
    descriptions: [],
    startDate: '2027-01-11',
    startTime: '18:00',
    endDate: '2027-03-01',
    endTime: '19:30',
    registrationDeadline: '2027-01-08',
    maxParticipants: 10,
    freePlaces: 4,
    price,
    discountedPrice,
    tags: [],
    flexibleLearningCourseId: null,
  },
});

describe('toCartLine', () => {
  it('uses the discounted price and multiplies by the quantity in cents', () => {
    expect(toCartLine(item(289, 249.9, 3), 'de')).toMatchObject({ unitPrice: 249.9, lineTotal: 749.7, title: 'Spanisch A1' });
  });
  it('picks the title in the current language', () => {
    expect(toCartLine(item(10, null, 1), 'es').title).toBe('Español A1');
  });
  it('sums lines without floating-point drift', () => {
    expect(cartTotal([toCartLine(item(0.1, null, 1), 'de'), toCartLine(item(0.2, null, 1), 'de')])).toBe(0.3);
  });
});
