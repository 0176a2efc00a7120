import { describe, expect, it } from 'vitest';
import { courseFixture } from '../testing/fixtures.ts';
import {
  cartSyncLimits,
  cartSyncRequestSchema,
  controlCharactersMessage,
  examSaveRequestSchema,
  hasControlCharacters,
  multilineTextSchema,
  nameSchema,
  orderRequestSchema,
  textSchema,
} from './index.ts';

const c0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));
const del = '\u007f';
const lineBreaks = ['\n', '\r', '\t'];

const firstIssue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues[0];

describe('texts of the contract', () => {
  it('a single-line text refuses every C0 control and DEL, NUL included, with the one code', () => {
    for (const control of [...c0, del]) {
      const result = textSchema.safeParse(`Ana${control}`);
      expect(result.success, `U+${control.charCodeAt(0).toString(16)}`).toBe(false);
      expect(firstIssue(result)?.message).toBe(controlCharactersMessage);
    }
    for (const fine of ['Ana', 'José Núñez', 'O’Brien', '😀', '', 'ß-Straße 1/2'])
      expect(textSchema.safeParse(fine).success, fine).toBe(true);
  });

  it('a multi-line text keeps line feed, carriage return and tab, and refuses the other controls', () => {
    for (const lineBreak of lineBreaks)
      expect(multilineTextSchema.safeParse(`eins${lineBreak}zwei`).success).toBe(true);
    for (const control of [...c0.filter((char) => !lineBreaks.includes(char)), del]) {
      expect(
        multilineTextSchema.safeParse(`eins${control}zwei`).success,
        `U+${control.charCodeAt(0).toString(16)}`,
      ).toBe(false);
    }
    expect(hasControlCharacters('a\nb')).toBe(true);
    expect(hasControlCharacters('a\nb', { multiline: true })).toBe(false);
  });

  it('checks the text as sent, before trimming, and reports the control characters rather than a follow-up rule', () => {
    expect(firstIssue(nameSchema.safeParse('\u0000'))?.message).toBe(controlCharactersMessage);
    expect(firstIssue(nameSchema.safeParse(`Ana${'x'.repeat(200)}\u0000`))?.message).toBe(controlCharactersMessage);
    expect(nameSchema.safeParse('Ana\n').success).toBe(false);
  });
});

describe('order request', () => {
  const order = {
    billingAddress: {
      firstname: 'Ana',
      lastname: 'García',
      addressLine1: 'Hauptstr. 1',
      city: 'Berlin',
      zip: '10115',
      country: 'DE',
    },
    expectedTotalPrice: 0,
    emailAddress: 'ana@example.org',
  };

  it('needs at least one course, product or package, reported on courses', () => {
    const empty = orderRequestSchema.safeParse(order);
    expect(empty.success).toBe(false);
    expect(firstIssue(empty)).toMatchObject({ path: ['courses'], message: 'no_positions' });
    expect(orderRequestSchema.safeParse({ ...order, products: [{ productId: 3, quantity: 1 }] }).success).toBe(true);
    expect(
      orderRequestSchema.safeParse({
        ...order,
        packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
      }).success,
    ).toBe(true);
  });

  it('takes line breaks in the notes only', () => {
    const products = [{ productId: 3, quantity: 1 }];
    expect(orderRequestSchema.safeParse({ ...order, products, comment: 'Zeile 1\nZeile 2' }).success).toBe(true);
    const inName = orderRequestSchema.safeParse({
      ...order,
      products,
      billingAddress: { ...order.billingAddress, city: 'Berlin\nMitte' },
    });
    expect(firstIssue(inName)).toMatchObject({ path: ['billingAddress', 'city'], message: controlCharactersMessage });
  });
});

describe('cart sync request', () => {
  const item = (n: number) => ({
    id: `line-${n}`,
    itemType: 'course',
    quantity: 1,
    courseId: n,
    courseType: 1,
    courseDetails: courseFixture({ id: n }),
  });

  it(`takes up to ${cartSyncLimits.items} items of a real size, which fit the body limit`, () => {
    const full = { items: Array.from({ length: cartSyncLimits.items }, (_, i) => item(i + 1)) };
    expect(cartSyncRequestSchema.safeParse(full).success).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(full)).length).toBeLessThan(cartSyncLimits.bodyBytes);
    expect(cartSyncRequestSchema.safeParse({ items: [...full.items, item(99)] }).success).toBe(false);
  });
});

describe('level-test save', () => {
  it('takes the server’s result token and nothing of a score', () => {
    expect(examSaveRequestSchema.safeParse({ resultToken: 'abc' }).success).toBe(true);
    expect(examSaveRequestSchema.safeParse({ resultToken: 'abc', level: 'C1', reachedPoints: 16 }).success).toBe(false);
    expect(
      examSaveRequestSchema.safeParse({ level: 'C1', reachedPoints: 16, maxPoints: 16, targetDetail: 'C1.2' }).success,
    ).toBe(false);
  });
});
