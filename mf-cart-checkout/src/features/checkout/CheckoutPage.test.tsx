import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dataLayer,
  pendingPurchaseStorageKey,
  useAuthStore,
  useCartStore,
  type CartItem,
  type PriceResult,
} from '@shop/shared';
import { rememberSubmittedCart } from './submittedCart.ts';
import { useCartNotificationStore } from '../pricing/cartNotifications.ts';
import { useCartPriceStore } from '../pricing/cartPrice.ts';
import {
  answerAfterFocusFixup,
  apiError,
  courseFixture,
  courseItem,
  customerFixture,
  fakeApi,
  renderRoutes,
  startI18n,
} from '@shop/shared/testing';
import routes from '../../routes.tsx';
import { checkoutDraftKey } from './checkoutDraft.ts';

beforeAll(startI18n);
afterEach(() => {
  cleanup();
  useCartStore.getState().clear();
  useCartStore.setState({ discountCodes: [] });
  useCartPriceStore.setState({ priceResult: null, status: 'idle' });
  dataLayer().length = 0;
  localStorage.clear();
  sessionStorage.clear();
  useCartNotificationStore.setState({ notifications: [] });
});

const course: CartItem = { id: 'c7', ...courseItem(courseFixture({ id: 7 }), 2) };

const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
const priceResult = (total: number) => ({
  items: [
    {
      itemType: 'course',
      courseId: 7,
      appliedCredits: 0,
      quantity: 2,
      finalPrice: total,
      unitPrice: total / 2,
      discountAmount: 0,
      discountCodes: [],
    },
  ],
  subtotal: total,
  totalPrice: total,
  paymentMethods:
    total > 0
      ? [
          { id: 'eps', description: 'EPS-Überweisung', image: { svg } },
          { id: 'creditcard', description: 'Kreditkarte', image: { svg } },
        ]
      : [],
  discountCodesProvided: [],
  discountsApplied: [],
  quantityAdjustments: [],
});

const submitted = { body: { result: { incrementId: '100001', paymentLink: null, orderKey: 'key-100001' } } };

function setUp(total = 578, submitAnswers: Parameters<typeof fakeApi>[0][string] = submitted) {
  useCartStore.getState().replaceItems([course]);
  return fakeApi({
    'POST /api/cart/calculate-price': { body: { result: priceResult(total) } },
    'POST /api/cart/validate': { body: { result: { quantityAdjustments: [] } } },
    'POST /api/cart/submit': submitAnswers,
    // The confirmation shows the order only once the server confirms it is paid.
    'POST /api/orders/100001/state': {
      body: { result: { incrementId: '100001', state: 'paid', paymentStatus: null, holdActive: false, totalPrice: 0 } },
    },
  });
}

const field = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label);

/** The checkout opened anew in this tab (the course in the cart again); its billing address group. */
async function openCheckoutAgain() {
  cleanup();
  setUp();
  renderRoutes(routes, '/checkout');
  await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
  return screen.getByRole('group', { name: 'Rechnungsadresse' });
}

/** Fills contact, billing address and consents as a guest (ana@example.org). */
function fillGuestForm() {
  fireEvent.change(screen.getAllByLabelText(/^E-Mail-Adresse/)[0]!, { target: { value: 'ana@example.org' } });
  const billing = screen.getByRole('group', { name: 'Rechnungsadresse' });
  fireEvent.change(field(billing, /^Vorname/), { target: { value: 'Ana' } });
  fireEvent.change(field(billing, /^Nachname/), { target: { value: 'García' } });
  fireEvent.change(field(billing, /^Straße/), { target: { value: 'Hauptstr. 1' } });
  fireEvent.change(field(billing, /^PLZ/), { target: { value: '10115' } });
  fireEvent.change(field(billing, /^Ort/), { target: { value: 'Berlin' } });
  fireEvent.click(screen.getByLabelText(/Ich akzeptiere die AGB/));
  fireEvent.click(screen.getByLabelText(/Widerrufsbelehrung/));
}

/** The second place goes to another person than the billing one (jonas@example.org). */
function giveSecondPlaceToJonas() {
  const second = screen.getByRole('group', { name: /^Platz 2/ });
  fireEvent.click(within(second).getByLabelText('Andere Person als die Rechnungsperson'));
  fireEvent.change(field(second, /^Vorname/), { target: { value: 'Jonas' } });
  fireEvent.change(field(second, /^Nachname/), { target: { value: 'Weber' } });
  fireEvent.change(field(second, /^E-Mail-Adresse/), { target: { value: 'jonas@example.org' } });
}

describe('/checkout', () => {
  beforeEach(() => localStorage.clear());

  it('shows the methods with the first chosen, sends begin_checkout once, and validates before sending', async () => {
    const calls = setUp();
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect((screen.getByRole('radio', { name: /EPS/ }) as HTMLInputElement).checked).toBe(true), {
      timeout: 3000,
    });
    expect(dataLayer().filter((e) => e.event === 'begin_checkout')).toHaveLength(1);
    expect(screen.getAllByRole('group', { name: /^Platz \d/ })).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(screen.getAllByText('Bitte füllen Sie dieses Feld aus.').length).toBe(6));
    expect(screen.getAllByText('Bitte bestätigen Sie dies, um zu bestellen.')).toHaveLength(2);
    expect(calls.some((c) => c.url.endsWith('/cart/submit'))).toBe(false);
    expect(dataLayer().filter((e) => e.event === 'begin_checkout')).toHaveLength(1);
  });

  it('sends begin_checkout with the checkout’s own first price, not one left over from before', async () => {
    setUp();
    // The price of an earlier state of the cart (one place), still in the store when the checkout opens.
    useCartPriceStore.setState({ priceResult: priceResult(289) as PriceResult, status: 'ready' });
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    await waitFor(() => expect(dataLayer().filter((e) => e.event === 'begin_checkout')).toHaveLength(1));
    expect(
      dataLayer()
        .filter((e) => e.event === 'begin_checkout')
        .map((e) => (e as { ecommerce: { value: number } }).ecommerce.value),
    ).toEqual([578]);
  });

  it('refuses names made only of invisible characters as empty, the billing person’s and another participant’s', async () => {
    const calls = setUp();
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect((screen.getByRole('radio', { name: /EPS/ }) as HTMLInputElement).checked).toBe(true), {
      timeout: 3000,
    });
    fillGuestForm();
    giveSecondPlaceToJonas();
    const billing = screen.getByRole('group', { name: 'Rechnungsadresse' });
    fireEvent.change(field(billing, /^Vorname/), { target: { value: '\u200b\u2060' } });
    const second = screen.getByRole('group', { name: /^Platz 2/ });
    fireEvent.change(field(second, /^Nachname/), { target: { value: '\ufeff\u200c\u00a0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));

    await waitFor(() => expect(screen.getAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(2));
    expect(field(billing, /^Vorname/).getAttribute('aria-invalid')).toBe('true');
    expect(field(second, /^Nachname/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url.endsWith('/cart/submit'))).toBe(false);
  });

  it('submits participants that follow the billing person, records the purchase and goes to the confirmation', async () => {
    const calls = setUp();
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect((screen.getByRole('radio', { name: /EPS/ }) as HTMLInputElement).checked).toBe(true), {
      timeout: 3000,
    });
    fillGuestForm();
    giveSecondPlaceToJonas();
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/checkout-complete/100001/ana%40example.org'),
    );
    const submit = calls.find((c) => c.url.endsWith('/cart/submit'))!;
    expect(submit.body).toMatchObject({
      emailAddress: 'ana@example.org',
      selectedPaymentMethod: 'eps',
      courses: [
        {
          courseId: 7,
          quantity: 2,
          participants: [
            { firstname: 'Ana', email: 'ana@example.org' },
            { firstname: 'Jonas', email: 'jonas@example.org' },
          ],
        },
      ],
    });
    expect(calls.findIndex((c) => c.url.endsWith('/cart/validate'))).toBeLessThan(calls.indexOf(submit));
    // Stored at submit, fired once by the confirmation page of this order, then gone.
    await waitFor(() =>
      expect(
        dataLayer()
          .filter((e) => e.event === 'purchase')
          .map((e) => (e as { ecommerce: { transaction_id: string } }).ecommerce.transaction_id),
      ).toEqual(['100001']),
    );
    expect(localStorage.getItem(pendingPurchaseStorageKey)).toBeNull();
    expect(useCartStore.getState().items).toEqual([]);
    // The confirmation asked with the order's key, which this browser got from the submit.
    expect(calls.find((c) => c.url.endsWith('/orders/100001/state'))?.body).toEqual({
      email: 'ana@example.org',
      orderKey: 'key-100001',
    });
    // The confirmation forgets what was typed.
    expect(sessionStorage.getItem(checkoutDraftKey)).toBeNull();
  });

  it('a second click on the order button before the first has been answered places no second order', async () => {
    const calls = setUp();
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect((screen.getByRole('radio', { name: /EPS/ }) as HTMLInputElement).checked).toBe(true), {
      timeout: 3000,
    });
    fillGuestForm();
    // A double click, or Enter pressed twice: the second comes before the page has shown the first as sending.
    const order = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    fireEvent.click(order);
    fireEvent.click(order);

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/checkout-complete/100001/ana%40example.org'),
    );
    expect(calls.filter((c) => c.url.endsWith('/cart/validate'))).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith('/cart/submit'))).toHaveLength(1);
  });

  it('a place switched back to the billing person drops what was typed for it, so hidden entries never block the order', async () => {
    const calls = setUp();
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect((screen.getByRole('radio', { name: /EPS/ }) as HTMLInputElement).checked).toBe(true), {
      timeout: 3000,
    });
    fillGuestForm();
    const second = screen.getByRole('group', { name: /^Platz 2/ });
    const different = within(second).getByLabelText('Andere Person als die Rechnungsperson');
    fireEvent.click(different);
    fireEvent.change(field(second, /^Vorname/), { target: { value: 'Jonas' } });
    fireEvent.change(field(second, /^Telefon/), { target: { value: 'abc' } });
    fireEvent.change(field(second, /^Geburtsjahr/), { target: { value: '19' } });
    // Not Jonas after all: the place follows the billing person again, and its fields are gone from the screen.
    fireEvent.click(different);
    expect(within(second).queryByLabelText(/^Telefon/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/checkout-complete/100001/ana%40example.org'),
    );
    const submit = calls.find((c) => c.url.endsWith('/cart/submit'))!;
    expect(submit.body).toMatchObject({
      courses: [
        {
          participants: [
            { firstname: 'Ana', email: 'ana@example.org' },
            { firstname: 'Ana', email: 'ana@example.org', phone: '', birthYear: '' },
          ],
        },
      ],
    });
  });

  it('an order placed with a code empties the cart’s storage (step 5 clears the cart)', async () => {
    setUp();
    useCartPriceStore.getState().addDiscountCode('SOMMER25');
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    await waitFor(() => expect(useCartPriceStore.getState().status).toBe('ready'));
    fillGuestForm();
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/checkout-complete/100001/ana%40example.org'),
    );
    expect(useCartStore.getState()).toMatchObject({ items: [], discountCodes: [] });
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('keeps cart and form while the payment is open: a cancelled payment brings both back as typed', async () => {
    // A link on this page's own URL: the test DOM (happy-dom) follows a fragment navigation, not one to another site.
    const paymentLink = `${window.location.href.split('#')[0]}#payment-provider`;
    setUp(578, { body: { result: { incrementId: '100001', paymentLink } } });
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    fillGuestForm();
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(window.location.hash).toBe('#payment-provider'));
    expect(useCartStore.getState().items).toEqual([]);

    // The provider sends the buyer back; the payment was cancelled.
    cleanup();
    fakeApi({
      'POST /api/orders/100001/state': {
        body: {
          result: {
            incrementId: '100001',
            state: 'failed',
            paymentStatus: 'canceled',
            holdActive: false,
            totalPrice: 578,
          },
        },
      },
    });
    renderRoutes(routes, '/checkout-return/100001/ana%40example.org');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/checkout-cancel'));
    expect(useCartStore.getState().items).toMatchObject([{ itemType: 'course', courseId: 7, quantity: 2 }]);

    const billing = await openCheckoutAgain();
    expect((screen.getAllByLabelText(/^E-Mail-Adresse/)[0] as HTMLInputElement).value).toBe('ana@example.org');
    expect((field(billing, /^Straße/) as HTMLInputElement).value).toBe('Hauptstr. 1');
    expect((screen.getByLabelText(/Ich akzeptiere die AGB/) as HTMLInputElement).checked).toBe(false);
    window.location.hash = '';
  });

  it("forgets what was typed when the session ends: the next person in this tab does not see the last one's address", async () => {
    setUp();
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    fillGuestForm();
    // Typed, not ordered; then a customer's session in this tab ends (a logout, or another customer logs in).
    useAuthStore.getState().logIn('customer-a', false);
    useAuthStore.getState().logOut();

    const billing = await openCheckoutAgain();
    expect((screen.getAllByLabelText(/^E-Mail-Adresse/)[0] as HTMLInputElement).value).toBe('');
    expect((field(billing, /^Straße/) as HTMLInputElement).value).toBe('');
  });

  it('keeps the buyer on the form with everything typed when the payment provider is unreachable, and lets them submit again', async () => {
    const calls = setUp(578, [apiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE'), submitted]);
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect((screen.getByRole('radio', { name: /EPS/ }) as HTMLInputElement).checked).toBe(true), {
      timeout: 3000,
    });
    fillGuestForm();
    giveSecondPlaceToJonas();
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es erneut. Ihre Angaben bleiben erhalten; bestellt wurde noch nichts.',
    );
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect((field(screen.getByRole('group', { name: 'Rechnungsadresse' }), /^Vorname/) as HTMLInputElement).value).toBe(
      'Ana',
    );
    expect((field(screen.getByRole('group', { name: /^Platz 2/ }), /^E-Mail-Adresse/) as HTMLInputElement).value).toBe(
      'jonas@example.org',
    );
    expect((screen.getByLabelText(/Ich akzeptiere die AGB/) as HTMLInputElement).checked).toBe(true);
    expect(useCartStore.getState().items).toHaveLength(1);
    expect(dataLayer().filter((e) => e.event === 'purchase')).toEqual([]);

    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/checkout-complete/100001/ana%40example.org'),
    );
    expect(calls.filter((c) => c.url.endsWith('/cart/submit'))).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the payment method declined the order (not "try again") when the provider refuses the details, keeping the form', async () => {
    const calls = setUp(578, [apiError(422, 'PAYMENT_REFUSED'), submitted]);
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect((screen.getByRole('radio', { name: /EPS/ }) as HTMLInputElement).checked).toBe(true), {
      timeout: 3000,
    });
    fillGuestForm();
    giveSecondPlaceToJonas();
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Die gewählte Zahlungsart hat die Bestellung nicht angenommen. Bitte wählen Sie eine andere Zahlungsart oder prüfen Sie Ihre Rechnungsadresse. Ihre Angaben bleiben erhalten; bestellt wurde noch nichts.',
    );
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect((field(screen.getByRole('group', { name: 'Rechnungsadresse' }), /^Vorname/) as HTMLInputElement).value).toBe(
      'Ana',
    );
    expect(useCartStore.getState().items).toHaveLength(1);
    expect(dataLayer().filter((e) => e.event === 'purchase')).toEqual([]);
    expect(calls.filter((c) => c.url.endsWith('/cart/submit'))).toHaveLength(1);
  });

  it('a price changed at submit: shows the fresh price and why, keeps the form, and the next click confirms that price', async () => {
    const halfOff = {
      ...priceResult(289),
      discountCodesProvided: [{ code: 'HALB50', status: 'valid', totalDiscountAmount: 289, errorMessage: null }],
      discountsApplied: [{ code: 'HALB50', totalDiscountAmount: 289 }],
    };
    const usedUp = 'Dieser Gutscheincode wurde bereits so oft wie möglich eingelöst.';
    const fresh = {
      ...priceResult(578),
      discountCodesProvided: [{ code: 'HALB50', status: 'invalid', totalDiscountAmount: 0, errorMessage: usedUp }],
    };
    useCartStore.getState().replaceItems([course]);
    useCartPriceStore.getState().addDiscountCode('HALB50');
    const calls = fakeApi({
      'POST /api/cart/calculate-price': { body: { result: halfOff } },
      'POST /api/cart/validate': { body: { result: { quantityAdjustments: [] } } },
      'POST /api/cart/submit': [
        {
          status: 409,
          body: {
            error: { code: 'PRICE_CHANGED', message: 'The price changed since it was shown' },
            meta: { message: 'Der Preis Ihrer Bestellung hat sich geändert.' },
            priceResult: fresh,
            reasons: [
              { reason: 'DISCOUNT_CODE_REJECTED', code: 'HALB50', message: usedUp },
              { reason: 'TOTAL_CHANGED', expectedTotalPrice: 289, totalPrice: 578 },
            ],
          },
        },
        { body: { result: { incrementId: '100002', paymentLink: null } } },
      ],
    });
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^289\s€$/), { timeout: 3000 });
    fillGuestForm();
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));

    const notice = await screen.findByTestId('price-change-notice');
    expect(within(notice).getByRole('alert').textContent).toContain('Der Preis Ihrer Bestellung hat sich geändert');
    expect(notice.textContent).toContain(`Der Rabattcode HALB50 kann nicht mehr eingelöst werden: ${usedUp}`);
    expect(notice.textContent).toMatch(/Neuer Gesamtpreis: 578\s€ \(bisher 289\s€\)/);
    // The summary and the code box show the fresh price, as the cart shows an invalid code.
    expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/);
    expect(screen.getByText(usedUp, { selector: '.discount-box__error' })).toBeTruthy();
    // Nothing was ordered and nothing typed is lost.
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect((screen.getAllByLabelText(/^E-Mail-Adresse/)[0] as HTMLInputElement).value).toBe('ana@example.org');
    expect((screen.getByLabelText(/Ich akzeptiere die AGB/) as HTMLInputElement).checked).toBe(true);
    const [first] = calls.filter((c) => c.url.endsWith('/cart/submit'));
    expect(first!.body).toMatchObject({ expectedTotalPrice: 289, discountCodes: ['HALB50'] });

    // Confirming again orders at the price now shown, without the spent code.
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/checkout-complete/100002/ana%40example.org'),
    );
    const second = calls.filter((c) => c.url.endsWith('/cart/submit'))[1]!;
    expect(second.body).toMatchObject({ expectedTotalPrice: 578, discountCodes: [], selectedPaymentMethod: 'eps' });
  });

  it('a price changed at submit takes the focus the disabled order button dropped (WCAG 2.4.3)', async () => {
    setUp(
      578,
      answerAfterFocusFixup({
        status: 409,
        body: {
          error: { code: 'PRICE_CHANGED', message: 'The price changed since it was shown' },
          meta: { message: 'Der Preis Ihrer Bestellung hat sich geändert.' },
          priceResult: priceResult(600),
          reasons: [{ reason: 'TOTAL_CHANGED', expectedTotalPrice: 578, totalPrice: 600 }],
        },
      }),
    );
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    fillGuestForm();
    const order = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    order.focus();
    fireEvent.click(order);

    const notice = await screen.findByTestId('price-change-notice');
    expect(notice.contains(document.activeElement)).toBe(true);
    expect(within(notice).getByRole('alert').textContent).toMatch(/Neuer Gesamtpreis: 600\s€ \(bisher 578\s€\)/);
  });

  it('does not order at the price shown before a change: a code just entered is priced first', async () => {
    setUp();
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    fillGuestForm();
    const order = () => screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }) as HTMLButtonElement;
    expect(order().disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Gutscheincode'), { target: { value: 'sommer25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Einlösen' }));
    // The total shown is the one without the code until the server answers for the cart with it.
    expect(order().disabled).toBe(true);
    await waitFor(() => expect(order().disabled).toBe(false), { timeout: 3000 });
  });

  it('places gone at submit: applies the 409s adjustments as they arrive, without validating the cart again', async () => {
    const calls = setUp(578, {
      status: 409,
      body: {
        error: { code: 'PLACES_CHANGED', message: 'Places changed' },
        quantityAdjustments: [
          { itemType: 'course', itemId: 7, reason: 'NOT_ENOUGH_PLACES', adjustedQuantity: 1, requestedQuantity: 2 },
        ],
      },
    });
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    fillGuestForm();
    giveSecondPlaceToJonas();
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));

    await waitFor(() => expect(useCartStore.getState().items[0]?.quantity).toBe(1));
    expect(calls.filter((c) => c.url.endsWith('/cart/validate'))).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
  });

  it('places cut at submit: the adjustment notice takes the focus the disabled order button dropped (WCAG 2.4.3)', async () => {
    setUp();
    fakeApi({
      'POST /api/cart/calculate-price': { body: { result: priceResult(578) } },
      'POST /api/cart/validate': answerAfterFocusFixup({
        body: {
          result: {
            quantityAdjustments: [
              { itemType: 'course', itemId: 7, reason: 'NOT_ENOUGH_PLACES', adjustedQuantity: 1, requestedQuantity: 2 },
            ],
          },
        },
      }),
    });
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    fillGuestForm();
    const order = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    order.focus();
    fireEvent.click(order);

    const notice = await screen.findByTestId('adjustment-notice');
    expect(notice.textContent).toContain('Nur 1 Platz verfügbar, angefragt: 2.');
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect(notice.contains(document.activeElement)).toBe(true);
  });

  it('states positions, total and VAT note directly before the binding button (the law on online orders)', async () => {
    setUp(578);
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    const review = screen.getByRole('region', { name: 'Zusammenfassung Ihrer Bestellung' });
    const order = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    // Nothing but the review between the last consent and the button: it is the button's nearest element before it.
    expect(order.previousElementSibling).toBe(review);
    expect(within(review).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(review).getByTestId('cart-total').textContent).toMatch(/^578\s€$/);
    expect(review.textContent).toContain('§ 4 Nr. 21 UStG');
  });

  it('a kept cart of an order paid meanwhile is dropped; the new cart stays at the checkout', async () => {
    // The buyer paid order 100001 and left its confirmation before it could forget the kept cart.
    rememberSubmittedCart({
      orderId: '100001',
      items: [{ id: 'c8', ...courseItem(courseFixture({ id: 8 }), 1) }],
      discountCodes: [],
      email: 'ana@example.org',
      paymentLink: 'https://pay.example.org/100001',
    });
    const calls = setUp(578);
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(localStorage.getItem('cart:submitted')).toBeNull());
    expect(calls.some((call) => call.url === '/api/orders/100001/state')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect(useCartStore.getState().items.map((item) => item.id)).toEqual(['c7']);
    expect(screen.queryByRole('heading', { name: /100001/ })).toBeNull();
  });

  it('shows no payment step when nothing is to be paid', async () => {
    setUp(0);
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^0\s€$/), { timeout: 3000 });
    expect(screen.queryByRole('group', { name: 'Zahlungsart' })).toBeNull();
  });

  it('a failed submit (network, 500, 429, an unhandled 400) says so in an alert that takes the focus, and keeps the form', async () => {
    const calls = setUp(578, [
      apiError(500, 'INTERNAL_ERROR'),
      apiError(429, 'TOO_MANY_REQUESTS'),
      apiError(400, 'VALIDATION_ERROR'),
      submitted,
    ]);
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    fillGuestForm();
    const order = () => screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }) as HTMLButtonElement;
    const generic =
      'Ihre Bestellung konnte gerade nicht gesendet werden; bestellt wurde noch nichts. Bitte versuchen Sie es erneut. Ihre Angaben bleiben erhalten.';
    const expectNotice = async (text: string) => {
      await waitFor(() => expect(screen.queryByRole('alert')?.textContent).toBe(text));
      expect(document.activeElement).toBe(screen.getByTestId('submit-notice'));
      await waitFor(() => expect(order().disabled).toBe(false));
    };

    fireEvent.click(order());
    await expectNotice(generic);
    fireEvent.click(order());
    await expectNotice(
      'Zu viele Bestellversuche in kurzer Zeit; bestellt wurde noch nichts. Bitte warten Sie einen Moment und versuchen Sie es dann erneut. Ihre Angaben bleiben erhalten.',
    );
    fireEvent.click(order());
    await expectNotice(generic);
    // The network itself failing reads the same.
    const fetch = vi.mocked(globalThis.fetch);
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/cart/submit')) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    fireEvent.click(order());
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/cart/validate'))).toHaveLength(4));
    await expectNotice(generic);

    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect((field(screen.getByRole('group', { name: 'Rechnungsadresse' }), /^Vorname/) as HTMLInputElement).value).toBe(
      'Ana',
    );
    expect((screen.getByLabelText(/Ich akzeptiere die AGB/) as HTMLInputElement).checked).toBe(true);
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it('a refusal of the unpaid-place caps shows the server text of what to do, and keeps the form', async () => {
    const held =
      'Sie haben bereits 9 Plätze in Bestellungen reserviert, die noch nicht bezahlt sind; ohne Zahlung reservieren wir höchstens 10 Plätze gleichzeitig. Bitte bezahlen Sie zuerst Ihre offene Bestellung.';
    const tooLarge = 'Eine Bestellung reserviert bis zur Zahlung höchstens 10 Plätze.';
    const refusal = (status: number, message: string) => ({
      status,
      body: { error: { code: 'UNPAID_PLACES_LIMIT', message: 'capped' }, meta: { message } },
    });
    setUp(578, [refusal(429, held), refusal(422, tooLarge), submitted]);
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    fillGuestForm();
    const order = () => screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }) as HTMLButtonElement;

    fireEvent.click(order());
    await waitFor(() => expect(screen.queryByRole('alert')?.textContent).toBe(held));
    expect(document.activeElement).toBe(screen.getByTestId('submit-notice'));
    await waitFor(() => expect(order().disabled).toBe(false));
    fireEvent.click(order());
    await waitFor(() => expect(screen.queryByRole('alert')?.textContent).toBe(tooLarge));
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it('a cart the server cannot price says so beside the disabled order button, as the cart does', async () => {
    useCartStore.getState().replaceItems([course]);
    fakeApi({ 'POST /api/cart/calculate-price': apiError(500, 'INTERNAL_ERROR') });
    renderRoutes(routes, '/checkout');
    await waitFor(() =>
      expect(within(screen.getByTestId('price-status')).getByRole('alert').textContent).toBe(
        'Der Preis konnte gerade nicht berechnet werden. Bitte versuchen Sie es gleich noch einmal.',
      ),
    );
    expect((screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('a cart emptied by the server at submit goes to the cart, which says why; back at the checkout the form is as typed', async () => {
    setUp();
    fakeApi({
      'POST /api/cart/calculate-price': { body: { result: priceResult(578) } },
      'POST /api/cart/validate': {
        body: {
          result: {
            quantityAdjustments: [
              {
                itemType: 'course',
                itemId: 7,
                reason: 'COURSE_FULLY_BOOKED',
                adjustedQuantity: 0,
                requestedQuantity: 2,
              },
            ],
          },
        },
      },
    });
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
    fillGuestForm();
    giveSecondPlaceToJonas();
    fireEvent.change(screen.getByLabelText('Anmerkungen'), { target: { value: 'Bitte Rechnung per Post.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cart'));
    expect(screen.getByTestId('adjustment-notice').textContent).toContain(
      'Die Anzahl für „Spanisch A1 – Abendkurs“ wurde angepasst: Der Kurs ist ausgebucht.',
    );
    expect(screen.getByText('Ihr Warenkorb ist leer.')).toBeTruthy();

    // Another course, back to the checkout in this tab: what was typed is there; consents are given anew.
    const billing = await openCheckoutAgain();
    expect((screen.getAllByLabelText(/^E-Mail-Adresse/)[0] as HTMLInputElement).value).toBe('ana@example.org');
    expect((field(billing, /^Vorname/) as HTMLInputElement).value).toBe('Ana');
    expect((field(billing, /^Ort/) as HTMLInputElement).value).toBe('Berlin');
    expect((field(screen.getByRole('group', { name: /^Platz 2/ }), /^E-Mail-Adresse/) as HTMLInputElement).value).toBe(
      'jonas@example.org',
    );
    expect((screen.getByLabelText('Anmerkungen') as HTMLTextAreaElement).value).toBe('Bitte Rechnung per Post.');
    expect((screen.getByLabelText(/Ich akzeptiere die AGB/) as HTMLInputElement).checked).toBe(false);
  });

  it('names a package in the current language, whatever language it was chosen in', async () => {
    const pkg: CartItem = {
      id: 'p5',
      itemType: 'package',
      quantity: 1,
      packageType: 'conversation_hours',
      amount: 5,
      packageDetails: {
        title: '5 conversation hours',
        type: 'conversation_hours',
        price: 115,
        discountedPrice: null,
        description: '',
      },
    };
    useCartStore.getState().replaceItems([course, pkg]);
    fakeApi({ 'POST /api/cart/calculate-price': { body: { result: priceResult(578) } } });
    renderRoutes(routes, '/checkout');
    const summary = screen.getByRole('complementary', { name: 'Ihre Bestellung' });
    expect(within(summary).getByText('1 × 5 Konversationsstunden')).toBeTruthy();
    expect(within(summary).queryByText(/conversation hours/)).toBeNull();
  });

  it('offers a logged-in customer no login, also while their account is still being read', async () => {
    useCartStore.getState().replaceItems([course]);
    useAuthStore.getState().logIn('tok', false);
    try {
      fakeApi({
        'POST /api/cart/calculate-price': { body: { result: priceResult(578) } },
        'GET /api/customer/me': () => new Promise<Response>(() => {}),
        'GET /api/customer/me/billing-address': () => new Promise<Response>(() => {}),
      });
      renderRoutes(routes, '/checkout');
      await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
      expect(screen.queryByRole('link', { name: 'Jetzt anmelden' })).toBeNull();
    } finally {
      useAuthStore.getState().logOut();
    }
  });

  it('a customer whose account cannot be read at submit orders nothing until their changes can be saved first', async () => {
    useCartStore.getState().replaceItems([course]);
    useAuthStore.getState().logIn('tok', false);
    try {
      const calls = fakeApi({
        'POST /api/cart/calculate-price': { body: { result: priceResult(578) } },
        'POST /api/cart/validate': { body: { result: { quantityAdjustments: [] } } },
        'POST /api/cart/submit': submitted,
        // Read when the page opens; the refresh of step 1 fails, then works again.
        'GET /api/customer/me': [
          { body: { result: customerFixture() } },
          apiError(503, 'SERVICE_UNAVAILABLE'),
          { body: { result: customerFixture() } },
        ],
        'GET /api/customer/me/billing-address': { body: { result: null } },
        'PUT /api/customer/me/update': { body: { result: { emailChangeRequested: false } } },
      });
      renderRoutes(routes, '/checkout');
      await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toMatch(/^578\s€$/), { timeout: 3000 });
      await waitFor(() =>
        expect((screen.getAllByLabelText(/^E-Mail-Adresse/)[0] as HTMLInputElement).value).toBe('anna@example.org'),
      );
      const billing = screen.getByRole('group', { name: 'Rechnungsadresse' });
      fireEvent.change(field(billing, /^Straße/), { target: { value: 'Hauptstr. 1' } });
      fireEvent.change(field(billing, /^PLZ/), { target: { value: '10115' } });
      fireEvent.change(field(billing, /^Ort/), { target: { value: 'Berlin' } });
      fireEvent.click(screen.getByLabelText(/Neuigkeiten und Angebote/));
      fireEvent.click(screen.getByLabelText(/Ich akzeptiere die AGB/));
      fireEvent.click(screen.getByLabelText(/Widerrufsbelehrung/));
      const order = () => screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }) as HTMLButtonElement;

      fireEvent.click(order());
      await screen.findByTestId('submit-notice');
      expect(calls.some((c) => c.url.endsWith('/cart/submit'))).toBe(false);
      expect(calls.some((c) => c.url.endsWith('/customer/me/update'))).toBe(false);

      // Once the account can be read again, the opt-in is saved first, then the order goes out as the customer's.
      await waitFor(() => expect(order().disabled).toBe(false));
      fireEvent.click(order());
      await waitFor(() =>
        expect(screen.getByTestId('location').textContent).toBe('/checkout-complete/100001/anna%40example.org'),
      );
      const update = calls.findIndex((c) => c.url.endsWith('/customer/me/update'));
      expect(calls[update]?.body).toEqual({ isSubscribedToNewsletter: 1 });
      expect(update).toBeLessThan(calls.findIndex((c) => c.url.endsWith('/cart/submit')));
      expect(calls.find((c) => c.url.endsWith('/cart/submit'))?.body).not.toHaveProperty('emailAddress');
    } finally {
      useAuthStore.getState().logOut();
    }
  });

  it('offers a guest the login with the way back to the checkout', async () => {
    setUp();
    renderRoutes(routes, '/checkout');
    expect(screen.getByRole('link', { name: 'Jetzt anmelden' }).getAttribute('href')).toBe('/login?redirect=/checkout');
  });

  it('sends an empty cart home, without painting the empty form first', async () => {
    fakeApi({});
    let formShown = false;
    // Every node ever added, not the DOM when the observer runs: a form added and removed in one go counts.
    const watch = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches('form') || node.querySelector('form'))) formShown = true;
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    watch.disconnect();
    expect(formShown).toBe(false);
  });
});
