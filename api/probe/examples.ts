import type { Course, Exam } from '@shop/shared/contract';

/**
 * A valid request per route, which the probe then spoils one part at a time: hostile input next to otherwise
 * good input gets past the first check and reaches the code behind it. Ids come from the running API itself.
 */
export interface RouteExample {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

/** How the examples ask the API for what they need (answers parsed from the envelope's `result`). */
export type ApiReader = (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<unknown>;

export const probeAccount = { email: 'probe.kundin@example.org', password: 'Probe#Pass1' } as const;

const billingAddress = {
  firstname: 'Ana',
  lastname: 'García',
  addressLine1: 'Hauptstraße 1',
  addressLine2: '',
  city: 'Berlin',
  zip: '10115',
  country: 'DE',
  phone: '+49 170 1234567',
  birthYear: '1990',
};

/** The examples, keyed `METHOD /path` as Fastify registered the route. */
export async function loadExamples(read: ApiReader): Promise<Record<string, RouteExample>> {
  const courses = ((await read('GET', '/api/course/search?type=1&limit=100')) as { items: Course[] }).items;
  const course = courses.find((c) => c.freePlaces >= 3) ?? courses[0]!;
  const product = ((await read('GET', '/api/product/search?limit=1')) as { items: { id: number }[] }).items[0]!;
  const exam = (await read('GET', '/api/exam/level/A1')) as Exam;
  const answers = exam.questions.map((question) => ({ questionId: question.id, answerId: question.answers[0]!.id }));
  const scored = (await read('POST', '/api/exam/submit', { level: 'A1', answers })) as { resultToken: string };
  const cartItem = {
    id: '5d1f3c1e-0000-4000-8000-000000000001',
    itemType: 'course',
    quantity: 1,
    courseId: course.id,
    courseType: course.type,
    courseDetails: course,
  };
  const parked = (await read('POST', '/api/cart/sync', { items: [cartItem] })) as { id: string };
  const priceRequest = {
    courses: [{ courseId: course.id, courseType: course.type, quantity: 1 }],
    products: [{ productId: product.id, quantity: 1 }],
    packages: [{ packageType: 'conversation_hours', amount: 5, quantity: 1 }],
    discountCodes: ['WILLKOMMEN10'],
    locale: 'de',
    applePayAvailable: false,
  };
  // The total a buyer would have been shown for the order below (the submit refuses any other).
  const shown = (await read('POST', '/api/cart/calculate-price', { ...priceRequest, packages: [] })) as {
    totalPrice: number;
  };
  const someone = 'probe.gast@example.org';
  const linkToken = 'q'.repeat(43);
  return {
    'GET /api/course/search': {
      query: {
        tags: ['a1', 'montag'],
        startDate: '2026-01-01',
        type: '1',
        priceMin: '0',
        priceMax: '500',
        page: '1',
        limit: '10',
      },
    },
    'GET /api/course/tags': { query: {} },
    'GET /api/course/price-config': { query: {} },
    'GET /api/course/flexible-learning': { query: {} },
    'GET /api/product/search': { query: { tags: ['3'], productId: String(product.id), page: '1', limit: '10' } },
    'POST /api/customer/login': { body: { email: someone, password: 'Falsch1!x', remember: false } },
    // The back office's calls a stranger can reach; every other admin call answers 401 before it reads anything.
    'POST /api/admin/staff/login': { body: { email: someone, password: 'Falsch1!x-lang' } },
    'POST /api/admin/staff/totp/enrolment': { body: { email: someone, password: 'Falsch1!x-lang' } },
    'POST /api/admin/staff/setup/info': { body: { token: 'kein-gueltiger-einrichtungslink' } },
    'POST /api/admin/staff/setup': { body: { token: 'kein-gueltiger-einrichtungslink', password: 'Lang-genug-1234' } },
    'POST /api/customer/register': {
      body: {
        firstname: 'Ana',
        lastname: 'García',
        email: 'probe.neu@example.org',
        password: 'Sprache1!',
        locale: 'de',
      },
    },
    'POST /api/customer/verify-email': { body: { token: linkToken, email: someone } },
    'POST /api/customer/verify-email-change': { body: { token: linkToken, email: someone } },
    'POST /api/customer/undo-email-change': { body: { token: linkToken, email: someone } },
    'POST /api/customer/resend-verification': { body: { email: someone, locale: 'de' } },
    'POST /api/customer/request-password-reset': { body: { email: someone, locale: 'es' } },
    'POST /api/customer/reset-password': { body: { token: linkToken, email: someone, newPassword: 'Sprache2!' } },
    'POST /api/customer/request-login-link': { body: { email: someone, locale: 'en' } },
    'POST /api/customer/login-link': { body: { token: linkToken, email: someone, remember: false } },
    'PUT /api/customer/me/update': {
      body: {
        displayName: 'Ana G.',
        firstname: 'Ana',
        phone: '+49 170 1234567',
        birthYear: '1990',
        isSubscribedToNewsletter: 1,
      },
    },
    'PUT /api/customer/me/update-password': { body: { currentPassword: 'Falsch1!x', newPassword: 'Sprache2!' } },
    'POST /api/customer/me/billing-address': {
      body: {
        firstname: 'Ana',
        lastname: 'García',
        addressLine1: 'Hauptstraße 1',
        addressLine2: '',
        city: 'Berlin',
        zip: '10115',
        country: 'DE',
      },
    },
    'GET /api/customer/me/orders': { query: { limit: '20', offset: '0' } },
    'GET /api/customer/me/orders/:orderId/calendar': { params: { orderId: '1' } },
    'GET /api/customer/me/orders/:orderId/invoices': { params: { orderId: '1' } },
    'GET /api/customer/me/orders/:orderId/invoices/:number': { params: { orderId: '1', number: 'RE-2026-000001' } },
    'GET /api/dev/mailbox': { query: { to: someone, limit: '5' } },
    'GET /api/dev/mailbox/:id/html': { params: { id: '1' } },
    'GET /api/dev/mailbox/:id/attachments/:index': { params: { id: '1', index: '0' } },
    'GET /api/dev/outbox': { query: { to: someone, limit: '5' } },
    'GET /api/translation/:language': { params: { language: 'de' }, query: { ns: 'catalog,common' } },
    'GET /api/exam/level/:level': { params: { level: 'B1' } },
    'POST /api/exam/submit': { body: { level: 'A1', answers } },
    'POST /api/exam/save': { body: { resultToken: scored.resultToken } },
    'POST /api/exam/send-result-email': {
      body: { email: someone, locale: 'de', level: 'B1', reachedPoints: 11, maxPoints: 16, targetDetail: 'B1.1' },
    },
    'POST /api/cart/calculate-price': { body: priceRequest },
    'POST /api/cart/validate': { body: priceRequest },
    'POST /api/cart/sync': { body: { items: [cartItem], discountCodes: ['WILLKOMMEN10'] } },
    'GET /api/cart/sync/:id': { params: { id: parked.id } },
    'POST /api/area-failures': { body: { area: 'catalog', reason: 'load' } },
    'POST /api/waitlist/join': { body: { courseId: course.id, email: someone, locale: 'de' } },
    'POST /api/waitlist/offer': { body: { token: linkToken } },
    'POST /api/waitlist/leave': { body: { token: linkToken } },
    'POST /api/withdrawals': { body: { name: 'Ana Muster', orderNumber: '100001', email: someone, locale: 'de' } },
    'POST /api/withdrawals/confirm': { body: { token: linkToken } },
    // A wrong password: the probe must not download or delete its customer (docs/privacy.md).
    'POST /api/customer/me/privacy/export': { body: { password: 'Falsch1!x' } },
    'POST /api/customer/me/privacy/delete': { body: { password: 'Falsch1!x' } },
    'POST /api/privacy/request': { body: { email: someone, locale: 'de' } },
    'POST /api/privacy/guest/overview': { body: { token: linkToken } },
    'POST /api/privacy/guest/export': { body: { token: linkToken } },
    'POST /api/privacy/guest/delete': { body: { token: linkToken } },
    'POST /api/cart/submit': {
      body: {
        courses: [
          {
            courseId: course.id,
            courseType: course.type,
            quantity: 1,
            participants: [{ firstname: 'Ana', lastname: 'García', email: someone, phone: '', birthYear: '' }],
          },
        ],
        products: [{ productId: product.id, quantity: 1 }],
        packages: [],
        discountCodes: ['WILLKOMMEN10'],
        locale: 'de',
        applePayAvailable: false,
        selectedPaymentMethod: 'creditcard',
        expectedTotalPrice: shown.totalPrice,
        billingAddress,
        comment: 'Bitte Rechnung\nper Post',
        emailAddress: someone,
        marketingOptIn: false,
        timezone: 'Europe/Berlin',
      },
    },
    'POST /api/orders/:incrementId/state': { params: { incrementId: '100001' }, body: { email: someone } },
    'POST /api/orders/:incrementId/calendar': {
      params: { incrementId: '100001' },
      body: { email: someone, orderKey: 'x'.repeat(43) },
    },
    'POST /api/orders/:incrementId/release': {
      params: { incrementId: '100001' },
      body: { email: someone, orderKey: 'x'.repeat(43) },
    },
    'GET /api/orders/confirmation-preview': { query: { locale: 'en' } },
    'GET /api/orders/confirmation-preview/html': { query: { locale: 'es' } },
    'POST /api/payments/webhook/:provider': {
      params: { provider: 'sandbox' },
      body: { id: 'sbx_000000000000000000000000' },
    },
    'GET /api/payments/sandbox/:paymentId': { params: { paymentId: 'sbx_000000000000000000000000' } },
    'POST /api/payments/sandbox/:paymentId': {
      params: { paymentId: 'sbx_000000000000000000000000' },
      body: { outcome: 'paid' },
    },
  };
}
