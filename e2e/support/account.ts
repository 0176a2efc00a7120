import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers of the account journeys: fresh addresses, the dev outbox, customers made through the API. */

export const password = 'Sprache1!';
let counter = 0;
export const newEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.org`;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `email` whose subject matches, read from GET /api/dev/mailbox (waits for it). */
export async function mailTo(request: APIRequestContext, email: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const mails = ((await response.json()) as { result: OutboxMail[] }).result;
        found = mails.find((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { message: `a mail "${subject}" to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The shop link in a mail (SHOP_URL defaults to the shell's origin). */
export function linkIn(mail: OutboxMail): URL {
  const match = /http:\/\/localhost:5173\/\S+/.exec(mail.text);
  expect(match, `a shop link in "${mail.subject}"`).not.toBeNull();
  return new URL(match![0]);
}

/**
 * Registers through the API and logs in, returning the session's token: registration itself answers no token
 * (it answers a taken address alike), so the shop's customers log in after registering, too.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  email: string,
  firstname = 'Anna',
  lastname = 'Muster',
) {
  const response = await request.post('/api/customer/register', {
    data: { firstname, lastname, email, password, locale: 'de' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return logInThroughApi(request, email);
}

export async function logInThroughApi(request: APIRequestContext, email: string, { remember = false } = {}) {
  const login = await request.post('/api/customer/login', { data: { email, password, remember } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { result: { token: string } }).result.token;
}

/** A customer with a verified address, and a token of a fresh session. */
export async function verifiedCustomer(request: APIRequestContext, name: string) {
  const email = newEmail(name);
  const token = await registerThroughApi(request, email);
  const link = linkIn(await mailTo(request, email, /bestätigen Sie Ihre E-Mail-Adresse/));
  const verified = await request.post('/api/customer/verify-email', {
    data: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
  });
  expect(verified.ok()).toBe(true);
  return { email, token };
}

export async function logInThroughForm(page: Page, email: string, secret: string, { remember = false } = {}) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel(/^Passwort/).fill(secret);
  if (remember) await page.getByLabel('Angemeldet bleiben').check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

export const storedToken = (page: Page) =>
  page.evaluate(() => ({
    local: localStorage.getItem('customerToken'),
    session: sessionStorage.getItem('customerToken'),
  }));
