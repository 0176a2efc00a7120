import type { Server } from 'node:http';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { cards } from '../support/catalog.ts';
import { closeServers, framingPage, servePartner } from '../support/partner.ts';

/**
 * The partner frame in a browser that blocks third-party storage. The partner's site (localhost:5180, a configured
 * partner origin) frames the shop under another site's name (127.0.0.1:5173): for the browser the frame is a third
 * party, and headless Chromium makes its localStorage and sessionStorage throw, as Chrome does with third-party
 * cookies blocked, Incognito, Brave and Safari. Adding a course must still reach a cart that holds it, and the
 * frame must keep hiding header and footer.
 */
const partnerPort = 5180;
const framedShop = 'http://127.0.0.1:5173';
const pages = {
  '/shop': framingPage(`${framedShop}/courses?hideHeader=true&hideFooter=true`, framedShop),
  '/': framingPage(`${framedShop}/products-iframe?hideHeader=true&hideFooter=true`, framedShop),
};

let servers: Server[] = [];
test.beforeAll(async () => {
  servers = [await servePartner(partnerPort, pages)];
});
test.afterAll(() => closeServers(servers));

const shopFrame = (page: Page): Frame => page.frames().find((frame) => frame.url().startsWith(framedShop))!;

async function openPartnerPage(page: Page, path = '/') {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`http://localhost:${partnerPort}${path}`);
  const frame = page.frameLocator('#shop');
  await expect(cards(frame.locator('body')).first()).toBeVisible();
  // The condition this journey is about: the framed shop cannot use web storage at all.
  expect(
    await shopFrame(page).evaluate(() =>
      ['localStorage', 'sessionStorage'].map((kind) => {
        try {
          (window as unknown as Record<string, Storage>)[kind]!.setItem('probe', '1');
          return 'usable';
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ),
  ).toEqual(['SecurityError', 'SecurityError']);
  return frame;
}

test('with third-party storage blocked, adding a course in the partner frame opens the shop’s cart with it in a new tab', async ({
  page,
  context,
}) => {
  const frame = await openPartnerPage(page);
  const courses = cards(frame.locator('body')).filter({ has: frame.getByRole('button', { name: 'In den Warenkorb' }) });
  const firstTitle = (await courses.nth(0).getByRole('heading', { level: 2 }).textContent())!;
  const secondTitle = (await courses.nth(1).getByRole('heading', { level: 2 }).textContent())!;

  const opened = context.waitForEvent('page');
  await courses.nth(0).getByRole('button', { name: 'In den Warenkorb' }).click();
  const tab = await opened;
  await expect(tab).toHaveURL(`${framedShop}/cart`);
  await expect(tab.getByTestId('cart-line')).toHaveCount(1);
  await expect(tab.getByTestId('cart-line')).toContainText(firstTitle);
  // A top-level tab of the shop is the whole shop, and its storage works: the cart is kept there.
  await expect(tab.getByRole('banner')).toBeVisible();
  await expect.poll(() => tab.evaluate(() => localStorage.getItem('cart') ?? '')).toContain('"courseId"');

  // The frame stays on the partner's listing, still without the shop's header and footer, and says where the cart is.
  await expect(frame.getByTestId('cart-in-new-tab')).toHaveText(
    'Der Kurs liegt in Ihrem Warenkorb, den wir in einem neuen Tab geöffnet haben. Warenkorb öffnen',
  );
  await expect(frame.getByRole('link', { name: 'Warenkorb öffnen' })).toHaveAttribute('target', '_blank');
  await expect(cards(frame.locator('body')).first()).toBeVisible();
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.getByRole('contentinfo')).toHaveCount(0);

  // A second course from the frame carries the frame's whole cart: both courses arrive.
  const openedAgain = context.waitForEvent('page');
  await courses.nth(1).getByRole('button', { name: 'In den Warenkorb' }).click();
  const secondTab = await openedAgain;
  await expect(secondTab.getByTestId('cart-line')).toHaveCount(2);
  await expect(secondTab.getByTestId('cart-line').filter({ hasText: firstTitle })).toHaveCount(1);
  await expect(secondTab.getByTestId('cart-line').filter({ hasText: secondTitle })).toHaveCount(1);
});

test('when the browser refuses the new tab, the frame continues to the cart with the course, header and footer still hidden', async ({
  page,
}) => {
  const frame = await openPartnerPage(page);
  // A popup blocker: window.open gives no window.
  await shopFrame(page).evaluate(() => {
    window.open = () => null;
  });
  const course = cards(frame.locator('body'))
    .filter({ has: frame.getByRole('button', { name: 'In den Warenkorb' }) })
    .first();
  const title = (await course.getByRole('heading', { level: 2 }).textContent())!;
  await course.getByRole('button', { name: 'In den Warenkorb' }).click();

  await expect(frame.getByTestId('cart-line')).toHaveCount(1);
  await expect(frame.getByTestId('cart-line')).toContainText(title);
  expect(new URL(shopFrame(page).url()).pathname).toBe('/cart');
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.getByRole('contentinfo')).toHaveCount(0);

  // On through the shop inside the frame: the flags hold from memory, with storage still blocked.
  await frame.getByRole('link', { name: 'Zur Kasse' }).click();
  await expect(frame.getByRole('heading', { level: 1 })).not.toHaveText('Warenkorb');
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.getByRole('contentinfo')).toHaveCount(0);
});

test('the whole shop framed with storage blocked hands the cart to a new tab too', async ({ page, context }) => {
  const frame = await openPartnerPage(page, '/shop');
  await expect(frame.getByRole('banner')).toHaveCount(0);
  const course = cards(frame.locator('body'))
    .filter({ has: frame.getByRole('button', { name: 'In den Warenkorb' }) })
    .first();
  const title = (await course.getByRole('heading', { level: 2 }).textContent())!;
  const opened = context.waitForEvent('page');
  await course.getByRole('button', { name: 'In den Warenkorb' }).click();
  const tab = await opened;
  await expect(tab.getByTestId('cart-line')).toContainText(title);
  await expect(frame.getByTestId('cart-in-new-tab')).toBeVisible();
  expect(new URL(shopFrame(page).url()).pathname).toBe('/courses');
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.getByRole('contentinfo')).toHaveCount(0);
});
