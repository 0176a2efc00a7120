import { describe, expect, it } from 'vitest';
import * as admin from './index.ts';
import { createCourseBodySchema, updatePackagePriceBodySchema } from './catalogue.ts';
import { refundOrderBodySchema } from './cases.ts';
import { createDiscountCodeRequestSchema } from './codes.ts';
import { centsSchema, positiveCentsSchema } from './common.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('money in the admin contract', () => {
  it('takes whole, non-negative cents up to 100,000 € and names each refusal with a field-error code', () => {
    expect(centsSchema.parse(0)).toBe(0);
    expect(centsSchema.parse(28950)).toBe(28950);
    expect(centsSchema.parse(10_000_000)).toBe(10_000_000);
    expect(messages(centsSchema.safeParse(289.5))).toEqual({ '': 'whole_cents' });
    expect(messages(centsSchema.safeParse(-1))).toEqual({ '': 'not_negative' });
    expect(messages(centsSchema.safeParse(10_000_001))).toEqual({ '': 'too_large' });
    expect(messages(centsSchema.safeParse('289,50'))).toEqual({ '': 'whole_cents' });
    expect(messages(positiveCentsSchema.safeParse(0))).toEqual({ '': 'positive' });
  });

  it('writes every amount as …Cents: no euro field is left in any admin schema', () => {
    const euroNames = /^(price|discountedPrice|amountOff|minOrder|paid|refunded|chargedBack|refundable|total)$/;
    const found: string[] = [];
    const walk = (schema: unknown, path: string) => {
      const shape = (schema as { shape?: Record<string, unknown> }).shape;
      if (!shape || typeof shape !== 'object') return;
      for (const [key, value] of Object.entries(shape)) {
        if (euroNames.test(key)) found.push(`${path}.${key}`);
        walk(value, key);
      }
    };
    for (const [name, value] of Object.entries(admin)) {
      // A page's `total` counts items; it is no amount.
      const shape = (value as { shape?: Record<string, unknown> }).shape;
      if (shape && 'items' in shape && 'perPage' in shape) continue;
      walk(value, name);
    }
    expect(found).toEqual([]);
  });

  it('refuses euros where cents are expected in the catalogue, codes and refunds', () => {
    const course = createCourseBodySchema.safeParse({
      type: 1,
      identifier: 'GK-1',
      startDate: '2026-02-03',
      startTime: null,
      endDate: '2026-03-26',
      endTime: null,
      registrationDeadline: '2026-01-31',
      maxParticipants: 10,
      priceCents: 289.5,
      discountedPriceCents: -100,
      texts: { de: { title: 'A1' } },
    });
    expect(messages(course)).toEqual({ priceCents: 'whole_cents', discountedPriceCents: 'not_negative' });
    expect(updatePackagePriceBodySchema.parse({ priceCents: 11500 })).toEqual({ priceCents: 11500 });
    expect(messages(updatePackagePriceBodySchema.safeParse({ price: 115 }))).toEqual({ '': expect.any(String) });
    const code = createDiscountCodeRequestSchema.safeParse({ code: 'X', kind: 'fixed', amountOffCents: 2.5 });
    expect(messages(code)).toEqual({ amountOffCents: 'whole_cents' });
    expect(refundOrderBodySchema.parse({ amountCents: 7800, reason: 'Teilweise' })).toMatchObject({
      amountCents: 7800,
    });
    expect(messages(refundOrderBodySchema.safeParse({ amountCents: 0, reason: 'x' }))).toEqual({
      amountCents: 'positive',
    });
  });
});
