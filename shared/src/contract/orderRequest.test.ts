import { describe, expect, it } from 'vitest';
import {
  CourseType,
  itemKey,
  orderEmailOf,
  orderRequestSchema,
  priceRequestOfOrder,
  priceRequestSchema,
  ValidationCode,
  type OrderRequest,
} from './index.ts';

const participant = { firstname: 'Ana', lastname: 'García', email: 'ana@example.org' };
const order = {
  courses: [{ courseId: 7, courseType: CourseType.fullCourse, quantity: 2, participants: [participant, participant] }],
  products: [{ productId: 3, quantity: 1 }],
  discountCodes: [' sommer25 ', ''],
  billingAddress: {
    firstname: 'Ana',
    lastname: 'García',
    addressLine1: 'Hauptstr. 1',
    city: 'Berlin',
    zip: '10115',
    country: 'DE' as const,
  },
  expectedTotalPrice: 289,
  emailAddress: 'ana@example.org',
} satisfies OrderRequest;

const issuesOf = (body: unknown) => orderRequestSchema.safeParse(body).error?.issues ?? [];

describe('the order request carries every rule of the request alone', () => {
  it('takes one participant per place, and names the course whose count is off', () => {
    expect(orderRequestSchema.safeParse(order).success).toBe(true);
    const fewer = { ...order, courses: [{ ...order.courses[0]!, participants: [participant] }] };
    expect(issuesOf(fewer)).toEqual([
      expect.objectContaining({ path: ['courses', 0, 'participants'], message: ValidationCode.participantCount }),
    ]);
    const more = { ...order, courses: [{ ...order.courses[0]!, quantity: 1 }] };
    expect(issuesOf(more)[0]).toMatchObject({ path: ['courses', 0, 'participants'] });
  });

  it('lists each item once, with the price request’s field paths, beside other errors', () => {
    const twice = { ...order, products: [...order.products, ...order.products], comment: 'x'.repeat(301) };
    expect(issuesOf(twice).map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['products.1.productId']),
    );
    const priceIssue = priceRequestSchema.safeParse(priceRequestOfOrder(twice)).error?.issues[0];
    expect(priceIssue).toMatchObject({ path: ['products', 1, 'productId'], message: 'Listed twice' });
  });
});

describe('priceRequestOfOrder', () => {
  it('of a parsed order is the parsed price request: nothing to parse again', () => {
    const parsed = orderRequestSchema.parse(order);
    const price = priceRequestOfOrder(parsed);
    expect(price).toEqual(priceRequestSchema.parse(price));
    expect(price).toEqual({
      courses: [{ courseId: 7, courseType: 1, quantity: 2 }],
      products: [{ productId: 3, quantity: 1 }],
      packages: [],
      discountCodes: ['SOMMER25'],
      locale: 'de',
      applePayAvailable: false,
    });
  });

  it('keeps a waitlist offer of a course, and nothing of its participants', () => {
    const offerToken = 'a'.repeat(43);
    const withOffer = { ...order, courses: [{ ...order.courses[0]!, offerToken }] };
    expect(priceRequestOfOrder(withOffer).courses).toEqual([{ courseId: 7, courseType: 1, quantity: 2, offerToken }]);
  });
});

describe('orderEmailOf', () => {
  it('is the account’s address for a customer, the request’s for a guest, none for a guest without one', () => {
    expect(orderEmailOf({ emailAddress: 'gast@example.org' }, 'konto@example.org')).toBe('konto@example.org');
    expect(orderEmailOf({ emailAddress: 'gast@example.org' }, null)).toBe('gast@example.org');
    expect(orderEmailOf({}, null)).toBeNull();
  });
});

describe('itemKey', () => {
  const priced = {
    appliedCredits: 0,
    quantity: 1,
    finalPrice: 10,
    unitPrice: 10,
    discountAmount: 0,
    discountCodes: [],
  };

  it('gives a priced line of the wire the key of the cart item it prices, and no other', () => {
    const lines = [
      { ...priced, itemType: 'course' as const, courseId: 3 },
      { ...priced, itemType: 'product' as const, courseId: null, productId: 3 },
      {
        ...priced,
        itemType: 'package' as const,
        courseId: null,
        packageType: 'conversation_hours' as const,
        amount: 5,
      },
      {
        ...priced,
        itemType: 'package' as const,
        courseId: null,
        packageType: 'conversation_hours' as const,
        amount: 10,
      },
    ];
    expect(lines.map(itemKey)).toEqual([
      'course_3',
      'product_3',
      'package_conversation_hours_5',
      'package_conversation_hours_10',
    ]);
    expect(itemKey({ itemType: 'course', courseId: 3 })).toBe(itemKey(lines[0]!));
    expect(itemKey({ itemType: 'package', packageType: 'conversation_hours', amount: 10 })).toBe(itemKey(lines[3]!));
  });
});
