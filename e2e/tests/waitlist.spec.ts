import { expect, test } from '@playwright/test';
import { linkIn, mailTo, newEmail } from '../support/account.ts';
import { expectAccessible } from '../support/axe.ts';
import type { ApiCourse } from '../support/catalog.ts';
import { freePlaces, payAndConfirm, placeOrder } from '../support/checkout.ts';
import { withShopDatabase } from '../support/database.ts';

/** The waitlist of a fully booked course: joining from the card, leaving by the mail's link, claiming an offer. */

const setFreePlaces = (course: ApiCourse, free: number) =>
  withShopDatabase((db) => db.prepare('update course set free_places = ? where id = ?').run(free, course.id));

test('a full course offers the waitlist; a freed place is offered by mail and booked through its link', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const listed = (
    (await (await request.get('/api/course/search?type=1&limit=1')).json()) as { result: { items: ApiCourse[] } }
  ).result.items;
  const course = listed[0]!;
  // Booked out by others: made so in the API's database, as waiting for fifty strangers is no journey.
  setFreePlaces(course, 0);
  const [waiting, leaving] = [newEmail('warteliste'), newEmail('abmeldung')];

  const card = page.locator(`[data-card="course-${course.id}"]`);
  const join = card.getByRole('button', { name: 'Auf die Warteliste' });
  // The listing may be served from the API's 5-second cache: reload until the card shows the course full.
  await expect(async () => {
    await page.goto('/courses');
    await expect(join).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card.getByText('Ausgebucht')).toBeVisible();
  await expect(card.getByRole('button', { name: 'In den Warenkorb' })).toHaveCount(0);

  for (const [email, position] of [
    [waiting, 1],
    [leaving, 2],
  ] as const) {
    await card.getByRole('button', { name: 'Auf die Warteliste' }).click();
    const form = card.getByRole('form', { name: 'Auf die Warteliste' });
    await form.getByLabel('E-Mail-Adresse').fill(email);
    if (position === 1) await expectAccessible(page);
    await form.getByRole('button', { name: 'Eintragen' }).click();
    // A guest is told the place by mail only: the answer could not tell a first join from a second
    // (docs/product-rules.md#a-guests-join-tells-nothing).
    await expect(card.getByRole('status')).toHaveText(
      `Danke! Wir schicken Ihnen eine E-Mail an ${email}, die Ihren Platz auf der Warteliste nennt.`,
    );
    if (position === 1) await expectAccessible(page);
    expect((await mailTo(request, email, /^Warteliste: /)).text).toContain(`Ihr Platz auf der Warteliste: ${position}`);
    await page.reload();
  }

  // The second person leaves through the link of their confirmation.
  const leaveLink = linkIn(await mailTo(request, leaving, /^Warteliste: /));
  expect(leaveLink.pathname).toBe('/waitlist/leave');
  await page.goto(`${leaveLink.pathname}${leaveLink.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Von der Warteliste abmelden' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Sie stehen nicht mehr auf der Warteliste', { exact: false })).toBeVisible();
  await expectAccessible(page);

  // A place comes back; the API's waitlist run offers it to the first person and holds it for them.
  setFreePlaces(course, 1);
  const offerMail = await mailTo(request, waiting, /^Ein Platz ist frei: /);
  expect(offerMail.text).toContain('für Sie reserviert');
  await expect.poll(() => freePlaces(request, course)).toBe(0);
  await expect
    .poll(
      async () =>
        (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(leaving)}`).then((r) => r.json())).result.length,
    )
    .toBe(1);

  const offerLink = [...offerMail.text.matchAll(/http:\/\/localhost:5173\/waitlist\/offer\?\S+/g)][0]![0];
  await page.goto(offerLink.replace('http://localhost:5173', ''));
  await expect(page).toHaveURL(/\/checkout-auth$/);
  await page.getByRole('link', { name: 'Als Gast fortfahren' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await placeOrder(page, { email: waiting });
  await payAndConfirm(page);
  // The order used the held place: none taken twice, none left over.
  await expect.poll(() => freePlaces(request, course)).toBe(0);

  // The link is used up.
  await page.goto(offerLink.replace('http://localhost:5173', ''));
  await expect(page.getByText('Dieser Link gilt nicht mehr', { exact: false })).toBeVisible();
  await expectAccessible(page);
});

test('an offer that cannot be read for now says so and offers another try, not that the place is gone', async ({
  page,
}) => {
  // Any token will do: the API is not reached, it answers 503 (as when overloaded) each time.
  await page.route('**/api/waitlist/offer', (route) => route.fulfill({ status: 503 }));
  await page.goto('/waitlist/offer?token=abc');
  const retry = page.getByRole('button', { name: 'Erneut versuchen' });
  await expect(retry).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByText('Dieser Link gilt nicht mehr', { exact: false })).toHaveCount(0);
  await expectAccessible(page);
  // The retry fails again: the alert takes the focus (the button it was on went while loading).
  await retry.click();
  await expect(page.getByRole('alert')).toBeFocused();
  await expectAccessible(page);
});

test('a waitlist join the server refuses for now shows its error in the form', async ({ page, request }) => {
  const course = (
    (await (await request.get('/api/course/search?type=1&limit=1')).json()) as { result: { items: ApiCourse[] } }
  ).result.items[0]!;
  // The card offers the waitlist when the listing says the course is full; the join itself is answered 429.
  await page.route('**/api/course/search**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { items: ApiCourse[] } };
    for (const item of body.result.items) if (item.id === course.id) item.freePlaces = 0;
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/waitlist/join', (route) =>
    route.fulfill({ status: 429, json: { error: { code: 'RATE_LIMITED', message: 'Too many requests' } } }),
  );
  await page.goto('/courses');
  const card = page.locator(`[data-card="course-${course.id}"]`);
  await card.getByRole('button', { name: 'Auf die Warteliste' }).click();
  const form = card.getByRole('form', { name: 'Auf die Warteliste' });
  await form.getByLabel('E-Mail-Adresse').fill(newEmail('zuviel'));
  await form.getByRole('button', { name: 'Eintragen' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
});

test('leaving the waitlist: a refusal that may pass keeps the button, an unknown link says so', async ({ page }) => {
  let answer = 503;
  await page.route('**/api/waitlist/leave', (route) => route.fulfill({ status: answer }));
  await page.goto('/waitlist/leave?token=abc');
  const leave = page.getByRole('button', { name: 'Abmelden' });
  await leave.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(leave).toBeFocused();
  await expectAccessible(page);
  answer = 404;
  await leave.click();
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(leave).toHaveCount(0);
  await expectAccessible(page);
});
