import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { mailTo, newEmail, verifiedCustomer } from '../support/account.ts';
import { germanTitle } from '../support/catalog.ts';
import { courseItem, laterCourseWithPlaces, payAndConfirm, placeOrder, seedCart, signIn } from '../support/checkout.ts';

/**
 * The calendar file of a booking, from the mail, the confirmation page and the account's orders: every lesson (one
 * weekly recurrence per booking), in the course's time zone with its VTIMEZONE, with the title and the online note.
 * The builder's own tests read the file back with ical.js; here it is the file the learner gets.
 */

const weekday = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

function expectCalendarOf(text: string, course: { titles: { language: string; description: string }[] }) {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n');
  expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(text).toMatch(/DTSTART;TZID=Europe\/Berlin:\d{8}T\d{6}\r\n/);
  expect(text).toMatch(
    new RegExp(`RRULE:FREQ=WEEKLY;BYDAY=(${weekday.join('|')})(,(${weekday.join('|')}))*;UNTIL=\\d{8}T\\d{6}Z`),
  );
  expect(text).toMatch(/UID:order-\d+-booking-\d+@sprachschule\.example/);
  // Long lines are folded at 75 octets; unfolded, the title is the course's.
  expect(text.replace(/\r\n /g, '')).toContain(`SUMMARY:${germanTitle(course)}`);
  expect(text).toContain('LOCATION:Online');
}

const read = async (download: Download) => readFileSync((await download.path())!, 'utf8');

async function downloadCalendar(page: Page, name: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bestellung-\d+\.ics$/);
  return read(download);
}

test('a guest’s confirmation page and mail give every lesson of the course to the calendar', async ({
  page,
  request,
}) => {
  const course = await laterCourseWithPlaces(request, 1, 1);
  const email = newEmail('kalender');
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await placeOrder(page, { email });
  const orderNumber = await payAndConfirm(page);

  expectCalendarOf(await downloadCalendar(page, 'Alle Termine in den Kalender (.ics)'), course);

  // The mail's attachment is the same file.
  await mailTo(request, email, new RegExp(`Ihre Bestellung ${orderNumber}`));
  const mails = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
    result: { subject: string; attachments: { url: string; filename: string }[] }[];
  };
  const attachment = mails.result.find((mail) => mail.subject.includes(orderNumber))!.attachments[0]!;
  expect(attachment.filename).toBe(`bestellung-${orderNumber}.ics`);
  expectCalendarOf(await (await request.get(attachment.url)).text(), course);
});

test('a customer downloads the calendar file of an order from “Meine Bestellungen”', async ({ page, request }) => {
  const customer = await verifiedCustomer(request, 'kalenderkonto');
  await signIn(page, customer.token);
  const course = await laterCourseWithPlaces(request, 1, 1);
  await seedCart(page, [courseItem(course, 1)]);
  await page.goto('/checkout');
  await placeOrder(page);
  await payAndConfirm(page);

  await page.goto('/account-order');
  expectCalendarOf(await downloadCalendar(page, 'Alle Termine in den Kalender (.ics)'), course);
});
