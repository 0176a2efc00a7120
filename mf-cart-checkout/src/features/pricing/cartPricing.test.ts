import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, useCartStore, type PriceResult } from '@shop/shared';
import { courseFixture, courseItem, productItem, startI18n } from '@shop/shared/testing';
import { useCartNotificationStore } from './cartNotifications.ts';
import { detectApplePay, useCartPriceStore } from './cartPrice.ts';
import { startCartPricing, toPriceRequest } from './cartPricing.ts';

const emptyResult: PriceResult = {
  items: [],
  subtotal: 289,
  totalPrice: 289,
  paymentMethods: [],
  discountCodesProvided: [],
  discountsApplied: [],
  quantityAdjustments: [],
};

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const requests = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.map((call) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>);

beforeAll(startI18n);

let stop: () => void = () => {};
let fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  useCartStore.setState({ items: [], timestamp: Date.now() });
  useCartStore.setState({ discountCodes: [] });
  useCartPriceStore.setState({
    priceResult: null,
    status: 'idle',
    isValidatingDiscount: false,
    discountError: null,
    applePayAvailable: false,
  });
  useCartNotificationStore.setState({ notifications: [] });
  fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => answer(200, { result: emptyResult })) as unknown as typeof fetch;
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('price recalculation', () => {
  it('asks once, 500 ms after the last change of items, codes or Apple Pay', async () => {
    stop = startCartPricing();
    useCartStore.getState().addItem(courseItem());
    await vi.advanceTimersByTimeAsync(300);
    useCartStore.getState().addItem(courseItem());
    await vi.advanceTimersByTimeAsync(499);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(requests(fetch)).toEqual([
      {
        courses: [{ courseId: 7, courseType: 1, quantity: 2 }],
        products: [],
        packages: [],
        discountCodes: [],
        locale: 'de',
        applePayAvailable: false,
      },
    ]);
    expect(useCartPriceStore.getState()).toMatchObject({ priceResult: emptyResult, status: 'ready' });

    useCartPriceStore.getState().setApplePayAvailable(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(requests(fetch)[1]).toMatchObject({ applePayAvailable: true });
    useCartPriceStore.getState().addDiscountCode('sommer25');
    await vi.advanceTimersByTimeAsync(500);
    expect(requests(fetch)[2]).toMatchObject({ discountCodes: ['SOMMER25'] });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('an empty cart clears the price result at once, without asking', async () => {
    useCartStore.getState().addItem(courseItem());
    stop = startCartPricing();
    await vi.advanceTimersByTimeAsync(500);
    expect(useCartPriceStore.getState().priceResult).not.toBeNull();
    useCartStore.getState().clear();
    expect(useCartPriceStore.getState().priceResult).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends the token when logged in, and asks again when the session changes', async () => {
    useCartStore.getState().addItem(productItem());
    stop = startCartPricing();
    await vi.advanceTimersByTimeAsync(500);
    useAuthStore.getState().logIn('tok', false);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch).toHaveBeenCalledTimes(2);
    useAuthStore.getState().logOut();
  });

  it('a failure clears the price; with codes, the server’s translated message (else our own text) becomes the code error', async () => {
    useCartStore.getState().addItem(courseItem());
    stop = startCartPricing();
    await vi.advanceTimersByTimeAsync(500);
    fetch.mockImplementation(async () =>
      answer(500, {
        error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
        meta: { message: 'Bitte später erneut versuchen.' },
      }),
    );
    useCartStore.getState().addItem(courseItem());
    await vi.advanceTimersByTimeAsync(500);
    expect(useCartPriceStore.getState()).toMatchObject({ priceResult: null, status: 'error', discountError: null });

    useCartPriceStore.getState().addDiscountCode('X');
    await vi.advanceTimersByTimeAsync(500);
    expect(useCartPriceStore.getState()).toMatchObject({
      discountError: 'Bitte später erneut versuchen.',
      isValidatingDiscount: false,
    });

    // Without a translated message of the server (a 500's or a 400's English, a network failure): our own text.
    const generic =
      'Ihre Gutscheincodes konnten gerade nicht geprüft werden. Bitte versuchen Sie es gleich noch einmal.';
    for (const [index, failure] of [
      async () => answer(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }),
      async () => answer(400, { error: { code: 'VALIDATION_ERROR', message: 'Invalid body' } }),
      async () => answer(200, {}),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ].entries()) {
      fetch.mockImplementation(failure);
      useCartPriceStore.getState().addDiscountCode(`Z${index}`); // clears the error, asks again
      await vi.advanceTimersByTimeAsync(500);
      expect(useCartPriceStore.getState()).toMatchObject({ status: 'error', discountError: generic });
    }

    fetch.mockImplementation(async () => answer(200, { result: emptyResult }));
    useCartPriceStore.getState().addDiscountCode('Y');
    expect(useCartPriceStore.getState()).toMatchObject({ discountError: null, isValidatingDiscount: true });
    await vi.advanceTimersByTimeAsync(500);
    expect(useCartPriceStore.getState()).toMatchObject({
      discountError: null,
      isValidatingDiscount: false,
      priceResult: emptyResult,
    });
  });

  it('adjustments replace quantities, remove lines at 0 and raise a warning each, gone after 10 s', async () => {
    const full = courseFixture({ id: 1, titles: [{ language: 'de', description: 'Spanisch B1' }] });
    const few = courseFixture({ id: 2, titles: [{ language: 'de', description: 'Spanisch A2' }] });
    useCartStore.getState().addItem(courseItem(full, 1));
    useCartStore.getState().addItem(courseItem(few, 4));
    fetch.mockImplementationOnce(async () =>
      answer(200, {
        result: {
          ...emptyResult,
          quantityAdjustments: [
            { itemType: 'course', itemId: 1, reason: 'COURSE_FULLY_BOOKED', adjustedQuantity: 0, requestedQuantity: 1 },
            { itemType: 'course', itemId: 2, reason: 'NOT_ENOUGH_PLACES', adjustedQuantity: 2, requestedQuantity: 4 },
          ],
        },
      }),
    );
    stop = startCartPricing();
    await vi.advanceTimersByTimeAsync(500);
    expect(useCartStore.getState().items.map((l) => [l.itemType === 'course' && l.courseId, l.quantity])).toEqual([
      [2, 2],
    ]);
    expect(useCartNotificationStore.getState().notifications.map((n) => [n.type, n.courseName, n.adjustment])).toEqual([
      [
        'quantity_adjustment',
        'Spanisch B1',
        { reason: 'COURSE_FULLY_BOOKED', adjustedQuantity: 0, requestedQuantity: 1 },
      ],
      [
        'quantity_adjustment',
        'Spanisch A2',
        { reason: 'NOT_ENOUGH_PLACES', adjustedQuantity: 2, requestedQuantity: 4 },
      ],
    ]);
    // The changed cart is priced again (without adjustments now).
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch).toHaveBeenCalledTimes(2);
    // Raised at 500 ms, so still there at 10,499 ms and gone at 10,500 ms.
    await vi.advanceTimersByTimeAsync(9_499);
    expect(useCartNotificationStore.getState().notifications).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(useCartNotificationStore.getState().notifications).toEqual([]);
  });

  it('only the newest answer counts', async () => {
    let release: (r: Response) => void = () => {};
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    useCartStore.getState().addItem(courseItem());
    stop = startCartPricing();
    await vi.advanceTimersByTimeAsync(500);
    useCartStore.getState().addItem(productItem());
    await vi.advanceTimersByTimeAsync(500);
    release(answer(200, { result: { ...emptyResult, totalPrice: 1 } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(useCartPriceStore.getState().priceResult?.totalPrice).toBe(289);
  });
});

describe('a change while an answer is on its way', () => {
  it('drops the answer for the cart as it was, and says a price is coming until the changed cart is priced', async () => {
    let release: (r: Response) => void = () => {};
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    useCartStore.getState().addItem(courseItem());
    stop = startCartPricing();
    await vi.advanceTimersByTimeAsync(500);
    // Asked for one course; a code comes before the answer, within the next 500 ms of quiet.
    useCartPriceStore.getState().addDiscountCode('SOMMER25');
    expect(useCartPriceStore.getState().status).toBe('loading');
    release(answer(200, { result: { ...emptyResult, totalPrice: 1 } }));
    await vi.advanceTimersByTimeAsync(100);
    expect(useCartPriceStore.getState()).toMatchObject({ priceResult: null, status: 'loading' });
    await vi.advanceTimersByTimeAsync(400);
    expect(requests(fetch)[1]).toMatchObject({ discountCodes: ['SOMMER25'] });
    expect(useCartPriceStore.getState()).toMatchObject({ priceResult: emptyResult, status: 'ready' });
  });
});

describe('discount codes', () => {
  it('are trimmed and upper-cased; empty, too long and repeated ones are not added', () => {
    const { addDiscountCode } = useCartPriceStore.getState();
    expect(addDiscountCode('  sommer25 ')).toBe(true);
    expect(addDiscountCode('SOMMER25')).toBe(false);
    expect(addDiscountCode('   ')).toBe(false);
    expect(addDiscountCode('X'.repeat(21))).toBe(false);
    expect(useCartStore.getState().discountCodes).toEqual(['SOMMER25']);
    useCartPriceStore.getState().removeDiscountCode('SOMMER25');
    expect(useCartStore.getState().discountCodes).toEqual([]);
  });
});

describe('toPriceRequest and Apple Pay', () => {
  it('names each item and its quantity, never a price', () => {
    useCartStore.getState().addItem(courseItem());
    useCartStore.getState().addItem(productItem());
    useCartStore.getState().addPackage({
      itemType: 'package',
      quantity: 1,
      packageType: 'conversation_hours',
      amount: 5,
      packageDetails: { title: '5', type: 'conversation_hours', price: 115, discountedPrice: null, description: '' },
    });
    const request = toPriceRequest(useCartStore.getState().items, ['A'], 'en', true);
    expect(request).toEqual({
      courses: [{ courseId: 7, courseType: 1, quantity: 1 }],
      products: [{ productId: 3, quantity: 1 }],
      packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
      discountCodes: ['A'],
      locale: 'en',
      applePayAvailable: true,
    });
    expect(JSON.stringify(request)).not.toMatch(/price/i);
  });

  it('carries a waitlist offer token of a course line, so the place it holds counts for this buyer', () => {
    const token = 'o'.repeat(43);
    useCartStore.getState().addItem({ ...courseItem(), offerToken: token } as ReturnType<typeof courseItem>);
    expect(toPriceRequest(useCartStore.getState().items, [], 'de', false).courses).toEqual([
      { courseId: 7, courseType: 1, quantity: 1, offerToken: token },
    ]);
  });

  it('detects Apple Pay only where ApplePaySession says so', () => {
    expect(detectApplePay({})).toBe(false);
    expect(detectApplePay({ ApplePaySession: { canMakePayments: () => true } })).toBe(true);
    expect(
      detectApplePay({
        ApplePaySession: {
          canMakePayments: () => {
            throw new Error('insecure');
          },
        },
      }),
    ).toBe(false);
  });
});
