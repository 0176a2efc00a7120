import type { Course, Customer, Product } from '../contract/index.ts';
import type { NewCartItem } from '../stores/cart.ts';

/** Small contract objects for unit tests; fields that a test cares about are overridden. */
export function courseFixture(overrides: Partial<Course> = {}): Course {
  return {
    id: 7,
    type: 1,
    identifier: 'GK-A1-ABD-20270201',
    titles: [
      { language: 'de', description: 'Spanisch A1 – Abendkurs' },
      { language: 'en', description: 'Spanish A1 – Evening course' },
    ],
    descriptions: [],
    startDate: '2027-02-01',
    startTime: '18:30',
    endDate: '2027-03-29',
    endTime: '20:00',
    registrationDeadline: '2027-01-29',
    maxParticipants: 10,
    freePlaces: 5,
    price: 289,
    discountedPrice: null,
    tags: [{ categoryId: 3, slug: 'a1' }],
    flexibleLearningCourseId: null,
    ...overrides,
  };
}

export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    id: 3,
    institutionId: 1,
    titles: [{ language: 'de', description: 'DELE B2 Prüfungsvorbereitung' }],
    descriptions: [],
    tags: [{ categoryId: 3, slug: 'b2' }],
    price: 379,
    discountedPrice: 349,
    ...overrides,
  };
}

export const courseItem = (course: Course = courseFixture(), quantity = 1): NewCartItem => ({
  itemType: 'course',
  quantity,
  courseId: course.id,
  courseType: course.type,
  courseDetails: course,
});

export const productItem = (product: Product = productFixture(), quantity = 1): NewCartItem => ({
  itemType: 'product',
  quantity,
  productId: product.id,
  productDetails: product,
});

export function customerFixture(overrides: Partial<Customer> = {}): Customer {
  return {
    email: 'anna@example.org',
    firstname: 'Anna',
    lastname: 'Muster',
    displayName: null,
    phone: null,
    birthYear: null,
    languageNiveau: 'b1',
    languageNiveauDetails: null,
    isSubscribedToNewsletter: 0,
    isEmailVerified: true,
    ...overrides,
  };
}
