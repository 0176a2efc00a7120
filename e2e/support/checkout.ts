import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ApiCourse } from './catalog.ts';

/** Helpers of the checkout journeys (docs/product-rules.md#checkout): carts put in storage, the form filled, the sandbox answered. */

type StoredItem = Record<string, unknown>;

/** Puts a cart into the browser's storage exactly as the cart store writes it, before any page script runs. */
export async function seedCart(page: Page, items: StoredItem[]) {
  const stored = JSON.stringify({ state: { items, timestamp: Date.now() }, version: 1 });
  await page.addInitScript((value) => {
    // Only on the first page: the order clears the cart later and that must stick.
    if (!sessionStorage.getItem('e2e-cart-seeded')) {
      localStorage.setItem('cart', value);
      sessionStorage.setItem('e2e-cart-seeded', '1');
    }
  }, stored);
}

export const courseItem = (course: ApiCourse, quantity: number): StoredItem => ({
  id: `line-${course.id}`,
  itemType: 'course',
  quantity,
  courseId: course.id,
  courseType: course.type,
  courseDetails: course,
});

export const packageItem = (amount: number, price: number): StoredItem => ({
  id: `package-${amount}`,
  itemType: 'package',
  quantity: 1,
  packageType: 'conversation_hours',
  amount,
  packageDetails: {
    title: `${amount} Konversationsstunden`,
    type: 'conversation_hours',
    price,
    discountedPrice: null,
    description: '',
  },
});

/** Logs the browser in with a token (remember-me storage), as a returning customer would be. */
export async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('customerToken', value), token);
}

/** A bookable course of `type` with at least `places` free places (fresh from the API). */
export async function courseWithPlaces(request: APIRequestContext, type: number, places: number): Promise<ApiCourse> {
  const response = await request.get(`/api/course/search?type=${type}&limit=100`);
  const courses = ((await response.json()) as { result: { items: ApiCourse[] } }).result.items;
  const course = courses.find((c) => c.freePlaces >= places);
  expect(course, `a course of type ${type} with ${places} free places`).toBeDefined();
  return course!;
}

/**
 * A course of `type` with `places` free, taken from the end of the listing: journeys that book places leave the
 * soonest courses to the journeys that need them (the early-start box, the listing's first card). The very last
 * course stays untouched too: the screenshot journey books it and its look must not change with earlier bookings.
 */
export async function laterCourseWithPlaces(
  request: APIRequestContext,
  type: number,
  places: number,
): Promise<ApiCourse> {
  const response = await request.get(`/api/course/search?type=${type}&limit=100`);
  const courses = ((await response.json()) as { result: { items: ApiCourse[] } }).result.items;
  const course = courses
    .slice(0, -1)
    .reverse()
    .find((c) => c.freePlaces >= places);
  expect(course, `a course of type ${type} with ${places} free places`).toBeDefined();
  return course!;
}

export async function freePlaces(request: APIRequestContext, course: ApiCourse): Promise<number> {
  const response = await request.get(`/api/course/search?type=${course.type}&limit=100`);
  return ((await response.json()) as { result: { items: ApiCourse[] } }).result.items.find((c) => c.id === course.id)!
    .freePlaces;
}

export async function fillBilling(page: Page) {
  const billing = page.getByRole('group', { name: 'Rechnungsadresse' });
  await billing.getByLabel(/^Vorname/).fill('Ana');
  await billing.getByLabel(/^Nachname/).fill('García');
  await billing.getByLabel(/^Straße und Hausnummer/).fill('Hauptstraße 1');
  await billing.getByLabel(/^PLZ/).fill('10115');
  await billing.getByLabel(/^Ort/).fill('Berlin');
}

export async function acceptConsents(page: Page) {
  await page.getByLabel(/Ich akzeptiere die AGB/).check();
  await page.getByLabel(/Widerrufsbelehrung/).check();
  // Asked only when a course of the cart starts within the withdrawal period (the catalogue's first ones often do).
  const earlyStart = page.getByLabel(/Ich möchte, dass der Kurs schon vor Ende/);
  if ((await earlyStart.count()) > 0) await earlyStart.check();
}

export const orderButton = (page: Page) => page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });

/** The sandbox page's button for an outcome, whatever the language of its label ("Testzahlung: bezahlt" …). */
export const sandboxButton = (page: Page, outcome: 'paid' | 'failed' | 'canceled' | 'expired') =>
  page.locator(`button[name="outcome"][value="${outcome}"]`);

/** On the sandbox provider's page: chooses an outcome and returns where the shop sent the browser. */
export async function answerSandbox(page: Page, outcome: 'paid' | 'failed' | 'canceled' | 'expired') {
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/sbx_/);
  await sandboxButton(page, outcome).click();
}

/** Fills the checkout form of a guest (or of the signed-in customer, without `email`) and orders. */
export async function placeOrder(page: Page, { email }: { email?: string } = {}) {
  if (email)
    await page
      .getByLabel(/^E-Mail-Adresse/)
      .first()
      .fill(email);
  await fillBilling(page);
  await acceptConsents(page);
  await orderButton(page).click();
}

/** Decides a sandbox payment from outside the browser, as the provider would while the buyer waits elsewhere. */
export async function decideSandbox(
  request: APIRequestContext,
  paymentLink: string,
  outcome: 'paid' | 'failed' | 'canceled' | 'expired',
) {
  const response = await request.post(new URL(paymentLink).pathname, { form: { outcome }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
}

/** Every URL the page's main frame shows from now on, same-document moves (history.replaceState) included. */
export function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/** An order placed through the API as the checkout sends it: one place of each course, priced first. */
export interface ApiOrder {
  courses: ApiCourse[];
  /** The guest's address for the order's mails (also the participant's unless `participantEmail` is given). */
  email?: string;
  /** A signed-in customer's bearer token. */
  token?: string;
  /** The buyer, who is also the participant. */
  buyer?: { firstname: string; lastname: string };
  participantEmail?: string;
  /** Asked when a course starts within the withdrawal period; sent unless false. */
  earlyStartRequested?: boolean;
  /** More fields of the request, as a journey needs them. */
  extra?: Record<string, unknown>;
}

/** Places `order` through the API, unpaid: its number, sandbox payment link and the total it expected. */
export async function orderByApi(request: APIRequestContext, order: ApiOrder) {
  const { courses, email, token, buyer = { firstname: 'Ana', lastname: 'García' } } = order;
  const positions = courses.map((course) => ({ courseId: course.id, courseType: course.type, quantity: 1 }));
  const priced = await request.post('/api/cart/calculate-price', { data: { courses: positions, locale: 'de' } });
  const { totalPrice } = ((await priced.json()) as { result: { totalPrice: number } }).result;
  const participantEmail = order.participantEmail ?? email ?? '';
  const response = await request.post('/api/cart/submit', {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    data: {
      courses: positions.map((position) => ({ ...position, participants: [{ ...buyer, email: participantEmail }] })),
      ...order.extra,
      billingAddress: { ...buyer, addressLine1: 'Hauptstraße 1', city: 'Berlin', zip: '10115', country: 'DE' },
      selectedPaymentMethod: 'creditcard',
      expectedTotalPrice: totalPrice,
      ...(order.earlyStartRequested === false ? {} : { earlyStartRequested: true }),
      ...(email ? { emailAddress: email } : {}),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { incrementId, paymentLink } = (
    (await response.json()) as { result: { incrementId: string; paymentLink: string } }
  ).result;
  return { incrementId, paymentLink, totalPrice };
}

/** Places `order` through the API and pays it on the sandbox, as the provider would; its number. */
export async function paidOrderByApi(request: APIRequestContext, order: ApiOrder): Promise<string> {
  const { incrementId, paymentLink } = await orderByApi(request, order);
  await decideSandbox(request, paymentLink, 'paid');
  return incrementId;
}

/**
 * Pays on the sandbox page and waits for the confirmation and for what it does once the order is found paid:
 * forget the kept (submitted) cart. A journey that left before that found the old cart back on its next page.
 * Returns the order number from the confirmation's address.
 */
export async function payAndConfirm(page: Page): Promise<string> {
  await answerSandbox(page, 'paid');
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart:submitted'))).toBeNull();
  return /checkout-complete\/(\d+)\//.exec(page.url())![1]!;
}
