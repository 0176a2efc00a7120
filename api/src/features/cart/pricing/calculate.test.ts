import { CourseType, type CourseType as CourseTypeValue, type PackageType } from '@shop/shared/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePrice } from './calculate.ts';
import { applyDiscountCode } from './discounts.ts';
import {
  packageKey,
  type CourseFacts,
  type DiscountCodeFacts,
  type PricedLine,
  type PricingFacts,
  type PricingRequest,
} from './model.ts';

const today = '2026-01-15';
const now = '2026-01-15T09:00:00.000Z';

const code = (over: Partial<DiscountCodeFacts> & { code: string }): DiscountCodeFacts => ({
  percentOff: null,
  amountOffCents: null,
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  usageLimitPerCustomer: null,
  minOrderCents: null,
  itemTypes: null,
  usesTotal: 0,
  usesByCustomer: 0,
  ...over,
});

const packagePrices = new Map([
  [packageKey('conversation_hours', 5), 11500],
  [packageKey('conversation_hours', 10), 22000],
  [packageKey('flexible_learning', 4), 25900],
]);

function facts(over: Partial<PricingFacts> = {}): PricingFacts {
  return {
    courses: new Map(),
    products: new Map(),
    packagePrices,
    discountCodes: new Map(),
    balances: null,
    today,
    now,
    ...over,
  };
}

describe('calculatePrice', () => {
  it('rounds a percentage once, on the whole base, and spreads it over the lines to the cent', () => {
    const courses = new Map<number, CourseFacts>([
      [1, { id: 1, type: CourseType.fullCourse, unitPriceCents: 333, freePlaces: 9, registrationDeadline: today }],
      [2, { id: 2, type: CourseType.fullCourse, unitPriceCents: 333, freePlaces: 9, registrationDeadline: today }],
      [3, { id: 3, type: CourseType.fullCourse, unitPriceCents: 334, freePlaces: 9, registrationDeadline: today }],
    ]);
    const request: PricingRequest = {
      courses: [1, 2, 3].map((courseId) => ({ courseId, courseType: CourseType.fullCourse, quantity: 1 })),
      products: [],
      packages: [],
      discountCodes: ['TEN'],
    };
    const result = calculatePrice(
      request,
      facts({ courses, discountCodes: new Map([['TEN', code({ code: 'TEN', percentOff: 10 })]]) }),
    );
    // 10 % of 10.00 € is exactly 1.00 €, although each line's 10 % would round to 0.33 + 0.33 + 0.33.
    expect(result.codes).toEqual([{ code: 'TEN', rejection: null, discountCents: 100 }]);
    expect(result.lines.map((l) => l.discountCents)).toEqual([33, 33, 34]);
    expect(result.totalCents).toBe(900);
  });

  it('checks a once-per-customer limit whenever the buyer is known, a guest at submit included, and not before', () => {
    const courses = new Map<number, CourseFacts>([
      [1, { id: 1, type: CourseType.fullCourse, unitPriceCents: 1000, freePlaces: 9, registrationDeadline: today }],
    ]);
    const request: PricingRequest = {
      courses: [{ courseId: 1, courseType: CourseType.fullCourse, quantity: 1 }],
      products: [],
      packages: [],
      discountCodes: ['ONCE'],
    };
    const rejection = (usesByCustomer: number | null) =>
      calculatePrice(
        request,
        facts({
          courses,
          discountCodes: new Map([
            ['ONCE', code({ code: 'ONCE', percentOff: 10, usageLimitPerCustomer: 1, usesByCustomer })],
          ]),
        }),
      ).codes[0]!.rejection;
    // A guest (no balances) whose address has a use is refused like a customer.
    expect(rejection(1)).toBe('used_up');
    expect(rejection(0)).toBeNull();
    // A guest's cart, before any address is known.
    expect(rejection(null)).toBeNull();
  });

  it('a fixed amount is capped at what the covered lines still cost', () => {
    const lines: PricedLine[] = [
      {
        itemType: 'product',
        productId: 1,
        quantity: 1,
        unitPriceCents: 1000,
        appliedCredits: 0,
        discountCents: 0,
        discountCodes: [],
        finalCents: 0,
      },
    ];
    expect(applyDiscountCode(code({ code: 'BIG', amountOffCents: 5000 }), lines)).toBe(1000);
    expect(lines[0]!.discountCents).toBe(1000);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties over random carts, facts and codes.

const courseTypes: CourseTypeValue[] = [
  CourseType.fullCourse,
  CourseType.flexibleAppointment,
  CourseType.conversationHours,
];

const courseFactsArb = fc.record({
  type: fc.constantFrom(...courseTypes),
  unitPriceCents: fc.integer({ min: 0, max: 60_000 }),
  freePlaces: fc.integer({ min: 0, max: 8 }),
  registrationDeadline: fc.constantFrom('2026-01-14', today, '2026-02-01'),
});

// Biased towards codes that apply (half of the optional limits absent), so that valid codes are common.
const codeArb = fc.record({
  code: fc.constantFrom('A', 'B', 'C', 'D'),
  percent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null, freq: 2 }),
  amountOffCents: fc.integer({ min: 1, max: 500_000 }),
  validFrom: fc.constantFrom(null, null, '2025-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
  validUntil: fc.constantFrom(null, null, '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
  usageLimit: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 2 }),
  usageLimitPerCustomer: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null, freq: 2 }),
  minOrderCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null, freq: 2 }),
  itemTypes: fc.option(fc.subarray(['course', 'product', 'package'] as const, { minLength: 1 }), {
    nil: null,
    freq: 2,
  }),
  usesTotal: fc.integer({ min: 0, max: 1 }),
  usesByCustomer: fc.integer({ min: 0, max: 1 }),
});

/** A random request with the facts that cover it: the shape every call of the route has after validation. */
const scenarioArb = fc
  .record({
    courses: fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 40 }),
        facts: courseFactsArb,
        quantity: fc.integer({ min: 1, max: 5 }),
      }),
      {
        selector: (c) => c.id,
        maxLength: 6,
      },
    ),
    products: fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 40 }),
        unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
        quantity: fc.integer({ min: 1, max: 5 }),
      }),
      {
        selector: (p) => p.id,
        maxLength: 3,
      },
    ),
    packages: fc.uniqueArray(
      fc.record({
        key: fc.constantFrom<[PackageType, number]>(
          ['conversation_hours', 5],
          ['conversation_hours', 10],
          ['flexible_learning', 4],
        ),
        quantity: fc.integer({ min: 1, max: 5 }),
      }),
      { selector: (p) => p.key.join(), maxLength: 2 },
    ),
    codes: fc.uniqueArray(codeArb, { selector: (c) => c.code, maxLength: 4 }),
    requestedCodes: fc.uniqueArray(fc.constantFrom('A', 'B', 'C', 'D', 'UNKNOWN'), { minLength: 1, maxLength: 5 }),
    balances: fc.option(
      fc.record({
        conversationHours: fc.integer({ min: 0, max: 12 }),
        flexibleModules: fc.integer({ min: 0, max: 12 }),
      }),
      { nil: null },
    ),
  })
  .map(({ courses, products, packages, codes, requestedCodes, balances }) => {
    const request: PricingRequest = {
      courses: courses.map((c) => ({ courseId: c.id, courseType: c.facts.type, quantity: c.quantity })),
      products: products.map((p) => ({ productId: p.id, quantity: p.quantity })),
      packages: packages.map((p) => ({ packageType: p.key[0], amount: p.key[1], quantity: p.quantity })),
      discountCodes: requestedCodes,
    };
    const pricingFacts = facts({
      courses: new Map(courses.map((c) => [c.id, { id: c.id, ...c.facts }])),
      products: new Map(products.map((p) => [p.id, { id: p.id, unitPriceCents: p.unitPriceCents }])),
      discountCodes: new Map(
        codes.map((c) => [
          c.code,
          code({
            ...c,
            percentOff: c.percent,
            amountOffCents: c.percent === null ? c.amountOffCents : null,
            itemTypes: c.itemTypes,
          }),
        ]),
      ),
      balances,
    });
    return { request, facts: pricingFacts };
  });

const runs = { numRuns: 400 };

describe('pricing properties (fast-check)', () => {
  it('total = subtotal − credits − discounts ≥ 0; lines add up to the total; nothing is negative', () => {
    fc.assert(
      fc.property(scenarioArb, ({ request, facts }) => {
        const result = calculatePrice(request, facts);
        const discounts = result.codes.reduce((sum, c) => sum + c.discountCents, 0);
        const listed = result.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
        const credits = result.lines.reduce((sum, l) => sum + l.appliedCredits * l.unitPriceCents, 0);
        expect(result.subtotalCents).toBe(listed);
        expect(result.creditsCents).toBe(credits);
        expect(result.totalCents).toBe(result.subtotalCents - credits - discounts);
        expect(result.totalCents).toBeGreaterThanOrEqual(0);
        expect(result.lines.reduce((sum, l) => sum + l.finalCents, 0)).toBe(result.totalCents);
        for (const line of result.lines) {
          expect(line.finalCents).toBeGreaterThanOrEqual(0);
          expect(line.discountCents).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(line.finalCents)).toBe(true);
        }
        for (const outcome of result.codes) {
          if (outcome.rejection) expect(outcome.discountCents).toBe(0);
        }
      }),
      runs,
    );
  });

  it('credits never exceed what is available, nor a line’s places; guests get none', () => {
    fc.assert(
      fc.property(scenarioArb, ({ request, facts }) => {
        const result = calculatePrice(request, facts);
        const used = (courseType: CourseTypeValue) =>
          result.lines
            .filter((l) => l.itemType === 'course' && l.courseType === courseType)
            .reduce((sum, l) => sum + l.appliedCredits, 0);
        const bought = (type: PackageType) =>
          request.packages.filter((p) => p.packageType === type).reduce((sum, p) => sum + p.amount * p.quantity, 0);
        for (const line of result.lines) expect(line.appliedCredits).toBeLessThanOrEqual(line.quantity);
        expect(
          result.lines
            .filter((l) => l.itemType !== 'course' || l.courseType === CourseType.fullCourse)
            .every((l) => l.appliedCredits === 0),
        ).toBe(true);
        if (facts.balances === null) {
          expect(result.lines.every((l) => l.appliedCredits === 0)).toBe(true);
        } else {
          expect(used(CourseType.conversationHours)).toBeLessThanOrEqual(
            facts.balances.conversationHours + bought('conversation_hours'),
          );
          expect(used(CourseType.flexibleAppointment)).toBeLessThanOrEqual(
            facts.balances.flexibleModules + bought('flexible_learning'),
          );
        }
      }),
      runs,
    );
  });

  it('adjustments never raise a quantity, and each names a lower one', () => {
    fc.assert(
      fc.property(scenarioArb, ({ request, facts }) => {
        const result = calculatePrice(request, facts);
        for (const adjustment of result.adjustments) {
          expect(adjustment.adjustedQuantity).toBeLessThan(adjustment.requestedQuantity);
          expect(adjustment.adjustedQuantity).toBeGreaterThanOrEqual(0);
        }
        for (const requested of request.courses) {
          const line = result.lines.find((l) => l.itemType === 'course' && l.courseId === requested.courseId);
          expect(line?.quantity ?? 0).toBeLessThanOrEqual(requested.quantity);
          const adjusted = result.adjustments.find((a) => a.itemId === requested.courseId);
          expect(line?.quantity ?? 0).toBe(adjusted ? adjusted.adjustedQuantity : requested.quantity);
        }
      }),
      runs,
    );
  });

  it('the same input gives the same result', () => {
    fc.assert(
      fc.property(scenarioArb, ({ request, facts }) => {
        expect(calculatePrice(request, facts)).toEqual(calculatePrice(structuredClone(request), facts));
      }),
      runs,
    );
  });
});
