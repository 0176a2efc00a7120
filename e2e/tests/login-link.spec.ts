import { expect, test } from '@playwright/test';
import { linkIn, mailTo, verifiedCustomer } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';

const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

/**
 * The way in that strangers guessing at the password cannot block (docs/decisions/0086-no-lockout-of-the-owner.md):
 * a one-time login link by mail, asked for on /login without the password, used on its page's button, once.
 */
test('a login link by mail logs in a browser once, and makes it known to the account', async ({ page, request }) => {
  const { email } = await verifiedCustomer(request, 'linklogin');
  await page.goto('/login');
  await expect(heading(page)).toHaveText('Anmelden');
  await page.getByLabel(/^E-Mail-Adresse/).fill(email);
  await page.getByRole('button', { name: 'Login-Link per E-Mail senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anmeldelink geschickt' })).toBeVisible();
  await expectAccessible(page);

  const link = linkIn(await mailTo(request, email, /Ihr Anmeldelink/));
  expect(link.pathname).toBe('/login-link');
  await page.goto(link.href);
  await expect(heading(page)).toHaveText('Mit Link anmelden');
  await expect(page.getByText(`in diesem Tab als ${email} an`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await expect(page).toHaveURL(/\/account-data$/);
  await expect(heading(page)).toHaveText('Meine Daten');
  await expect(page.getByTestId('link-login-notice')).toContainText(`Sie sind jetzt als ${email} angemeldet.`);
  await expectAccessible(page);
  // The browser is known to the account now: an HttpOnly cookie, for the customer calls only.
  const device = (await page.context().cookies()).find((cookie) => cookie.name === 'shop_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/customer' });

  // Once only: in a new tab without a session the same link is refused and a new one offered.
  const other = await page.context().newPage();
  await other.goto(link.href);
  await other.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await expect(other.getByRole('alert')).toHaveText('Der Link ist ungültig, abgelaufen oder wurde schon verwendet.');
  await expect(other.getByRole('link', { name: 'Neuen Login-Link anfordern' })).toBeVisible();
  await expectAccessible(other);
});
