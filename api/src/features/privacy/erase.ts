import type { DeletionBlocker, DeletionPreview } from '@shop/shared/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import { mailboxKey } from '../customer/mailbox.ts';
import { orderIdsOf, ownsAddress, participationIdsOf, type Subject } from './subject.ts';

type Db = Kysely<Database>;

/**
 * Deleting a person's data (docs/privacy.md#deleting): what the bookkeeping duties (docs/privacy.md#retention) make the
 * school keep stays, reduced to the invoice (its number, date, positions, amounts, payments, and the name and postal
 * address of its recipient) and no longer linked to any login; everything else naming the person goes at once.
 */

const openStatuses = ['pending', 'payment_pending'];

/** Orders not paid yet, and booked courses running today: while there is one, nothing is deleted. */
export async function deletionBlockers(db: Db, orderIds: number[], now: Date): Promise<DeletionBlocker[]> {
  if (orderIds.length === 0) return [];
  const today = isoDateInZone(now);
  const unpaid = await db
    .selectFrom('shop_order')
    .select('increment_id')
    .where('id', 'in', orderIds)
    .where('status', 'in', openStatuses)
    .orderBy('id')
    .execute();
  const running = await db
    .selectFrom('course_booking as b')
    .innerJoin('shop_order as o', 'o.id', 'b.order_id')
    .innerJoin('course as c', 'c.id', 'b.course_id')
    .leftJoin('course_text as t', (join) => join.onRef('t.course_id', '=', 'c.id').on('t.language', '=', 'de'))
    .select(['o.increment_id', 't.title', 'c.identifier'])
    .where('b.order_id', 'in', orderIds)
    .where('b.withdrawal_id', 'is', null)
    .where('o.status', 'in', ['paid', 'completed'])
    .where('c.start_date', '<=', today)
    .where('c.end_date', '>=', today)
    .orderBy('b.id')
    .execute();
  return [
    ...unpaid.map((row) => ({ kind: 'awaitingPayment' as const, orderNumber: row.increment_id, courseTitle: null })),
    ...running.map((row) => ({
      kind: 'courseRunning' as const,
      orderNumber: row.increment_id,
      courseTitle: row.title ?? row.identifier,
    })),
  ];
}

/** What deleting `subject` would do (docs/privacy.md#deleting), for the page that asks before. */
export async function deletionPreview(db: Db, subject: Subject, now: Date): Promise<DeletionPreview> {
  const orderIds = await orderIdsOf(db, subject);
  const today = isoDateInZone(now);
  const upcoming =
    orderIds.length === 0
      ? []
      : await db
          .selectFrom('course_booking as b')
          .innerJoin('shop_order as o', 'o.id', 'b.order_id')
          .innerJoin('course as c', 'c.id', 'b.course_id')
          .leftJoin('course_text as t', (join) => join.onRef('t.course_id', '=', 'c.id').on('t.language', '=', 'de'))
          .select(['o.increment_id', 't.title', 'c.identifier', 'c.start_date', 'c.end_date'])
          .where('b.order_id', 'in', orderIds)
          .where('b.withdrawal_id', 'is', null)
          .where('o.status', 'in', ['paid', 'completed'])
          .where('c.start_date', '>', today)
          .orderBy('c.start_date')
          .execute();
  const openOrders = new Map<string, DeletionPreview['openOrders'][number]>();
  for (const row of upcoming) {
    const order = openOrders.get(row.increment_id) ?? { orderNumber: row.increment_id, courses: [] };
    order.courses.push({ title: row.title ?? row.identifier, startDate: row.start_date, endDate: row.end_date });
    openOrders.set(row.increment_id, order);
  }
  const credits =
    subject.kind === 'customer'
      ? await db
          .selectFrom('customer_balance')
          .select(['type_id', 'balance', 'valid_until'])
          .where('customer_id', '=', subject.customerId)
          .where('balance', '>', 0)
          .where('valid_from', '<=', now.toISOString())
          .where('valid_until', '>', now.toISOString())
          .orderBy('valid_until')
          .execute()
      : [];
  return {
    blockers: await deletionBlockers(db, orderIds, now),
    openOrders: [...openOrders.values()],
    credits: credits.map((row) => ({ typeId: row.type_id, balance: row.balance, validUntil: row.valid_until })),
    keptOrders: orderIds.length,
  };
}

/**
 * Reduces orders to the invoice: the order loses its address, comment, marketing consent, link to an account and
 * the key of its confirmation page; the invoice recipient keeps name and postal address but no phone or birth
 * year; the person's own places lose their contact data, and the names unless the course has not ended yet (the
 * place stays booked); withdrawal declarations keep date, order and positions only; code uses forget the address.
 * `anonymize` (the bookkeeping period is over): the recipient's name and address and every participant's name go too.
 */
export async function reduceOrders(
  db: Db,
  orderIds: number[],
  now: Date,
  {
    anonymize = false,
    person,
  }: { anonymize?: boolean; person?: { email: string; firstname?: string; lastname?: string } } = {},
): Promise<void> {
  if (orderIds.length === 0) return;
  const at = now.toISOString();
  const today = isoDateInZone(now);
  const numbers = (await db.selectFrom('shop_order').select('increment_id').where('id', 'in', orderIds).execute()).map(
    (row) => row.increment_id,
  );
  await db
    .updateTable('shop_order')
    .set({
      email: '',
      customer_id: null,
      comment: null,
      marketing_opt_in: 0,
      access_key_hash: null,
      reduced_at: (eb) => eb.fn.coalesce('reduced_at', eb.val(at)),
      ...(anonymize && { anonymized_at: at }),
    })
    .where('id', 'in', orderIds)
    .execute();
  // After the bookkeeping period the invoice recipient goes too; the country stays for the statistics.
  const recipient = anonymize
    ? { firstname: '', lastname: '', address_line1: '', address_line2: '', city: '', zip: '' }
    : {};
  await db
    .updateTable('order_billing_address')
    .set({ ...recipient, phone: null, birth_year: null })
    .where('order_id', 'in', orderIds)
    .execute();
  // The participants: after the period all of them; before, the person's own places only (the others are people
  // of their own, whose places stay booked; their contact data goes with the participants' retention rule).
  const bookings = db.selectFrom('course_booking').select('id').where('order_id', 'in', orderIds);
  const endedBookings = db
    .selectFrom('course_booking as b')
    .innerJoin('course as c', 'c.id', 'b.course_id')
    .select('b.id')
    .where('b.order_id', 'in', orderIds)
    .where('c.end_date', '<', today);
  let places = db.updateTable('course_booking_participant').where('course_booking_id', 'in', bookings);
  if (!anonymize && person)
    places = places.where((eb) => {
      const byName =
        person.firstname && person.lastname
          ? [eb.and([eb('firstname', '=', person.firstname), eb('lastname', '=', person.lastname)])]
          : [];
      return eb.or([eb('email', '=', person.email), ...byName]);
    });
  if (anonymize || person) {
    // Names first: the contact data is what finds the person's places.
    await (anonymize ? places : places.where('course_booking_id', 'in', endedBookings))
      .set({ firstname: '', lastname: '' })
      .execute();
    await places.set({ email: '', phone: null, birth_year: null }).execute();
  }
  await db
    .updateTable('withdrawal_declaration')
    .set({ name: '', email: '', customer_id: null })
    .where('order_number', 'in', numbers)
    .execute();
  await db
    .updateTable('discount_code_usage')
    .set({ email: null, customer_id: null })
    .where('order_id', 'in', orderIds)
    .execute();
  await db.deleteFrom('order_hold_client').where('order_id', 'in', orderIds).execute();
}

/** The rate-limit counters naming an address (or its inbox); the counters of a customer id go with the account. */
async function forgetCounters(db: Db, emails: string[], customerId: number | null): Promise<void> {
  const keys = [...new Set(emails.flatMap((email) => [email, mailboxKey(email)]))];
  if (keys.length === 0 && customerId === null) return;
  await db
    .deleteFrom('rate_limit')
    .where((eb) =>
      eb.or([
        ...keys.flatMap((key) => [eb('key', 'like', `%:${key}`), eb('key', 'like', `%:${key} %`)]),
        ...(customerId === null ? [] : [eb('key', 'like', `%:customer:${customerId}`)]),
      ]),
    )
    .execute();
}

/**
 * Deletes what the shop holds about `subject` but the reduced invoices (call inside a transaction, after checking
 * `deletionBlockers`). A customer's account goes with its sessions, links, addresses, credits and level history.
 * The number of orders kept, reduced, for the bookkeeping periods.
 */
export async function erasePersonalData(db: Db, subject: Subject, now: Date): Promise<number> {
  const orderIds = await orderIdsOf(db, subject);
  const participationIds = await participationIdsOf(db, subject, orderIds);
  const profile =
    subject.kind === 'customer'
      ? await db
          .selectFrom('customer')
          .select(['firstname', 'lastname'])
          .where('id', '=', subject.customerId)
          .executeTakeFirst()
      : undefined;
  await reduceOrders(db, orderIds, now, { person: { email: subject.email, ...profile } });
  if (participationIds.length > 0) {
    const today = isoDateInZone(now);
    // Another person booked these places: the booking stays theirs. The contact data goes; the name too once the
    // course is over (until then the place is held for this person).
    await db
      .updateTable('course_booking_participant')
      .set({ email: '', phone: null, birth_year: null })
      .where('id', 'in', participationIds)
      .execute();
    const ended = db
      .selectFrom('course_booking_participant as p')
      .innerJoin('course_booking as b', 'b.id', 'p.course_booking_id')
      .innerJoin('course as c', 'c.id', 'b.course_id')
      .select('p.id')
      .where('p.id', 'in', participationIds)
      .where('c.end_date', '<', today);
    await db
      .updateTable('course_booking_participant')
      .set({ firstname: '', lastname: '' })
      .where('id', 'in', ended)
      .execute();
  }
  const customerId = subject.kind === 'customer' ? subject.customerId : null;
  // The rows of the account, and those a guest made with its address.
  const owned =
    customerId === null
      ? sql<boolean>`customer_id is null and email = ${subject.email}`
      : ownsAddress(subject)
        ? sql<boolean>`(customer_id = ${customerId} or (customer_id is null and email = ${subject.email}))`
        : sql<boolean>`customer_id = ${customerId}`;
  await db.deleteFrom('waitlist_entry').where(owned).execute();
  await db.updateTable('withdrawal_declaration').set({ name: '', email: '', customer_id: null }).where(owned).execute();
  await db.updateTable('discount_code_usage').set({ email: null, customer_id: null }).where(owned).execute();
  // A guest's request leaves an account with this address alone: its mails and its login counters. An account
  // that never confirmed its address leaves the address's mails and counters alone: they may be somebody else's.
  const account =
    customerId === null
      ? await db.selectFrom('customer').select('id').where('email', '=', subject.email).executeTakeFirst()
      : undefined;
  const addressIsTheirs = ownsAddress(subject) && !account;
  // Addresses the account had or was moving to: the mails to them go too, unless another account has the address.
  const otherAddresses =
    customerId !== null && addressIsTheirs
      ? (
          await db
            .selectFrom('customer_token')
            .select('email')
            .where('customer_id', '=', customerId)
            .union(db.selectFrom('customer_email_undo').select('email').where('customer_id', '=', customerId))
            .execute()
        )
          .map((row) => row.email)
          .filter((email) => email !== subject.email)
      : [];
  await forgetCounters(db, addressIsTheirs ? [subject.email, ...otherAddresses] : [], customerId);
  if (otherAddresses.length > 0)
    await db
      .deleteFrom('mail_outbox')
      .where('recipient', 'in', otherAddresses)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('customer').select('id').whereRef('customer.email', '=', 'mail_outbox.recipient')),
        ),
      )
      .execute();
  if (customerId !== null) {
    // Sessions, link tokens, undo links, the billing address, credits and the level history go with the row.
    await db.deleteFrom('customer').where('id', '=', customerId).execute();
  }
  if (addressIsTheirs) {
    await db.deleteFrom('mail_outbox').where('recipient', '=', subject.email).execute();
    // Delivered mails to others that name the address (a buyer's confirmation listing the participants) keep
    // their subject and dates only; one still waiting is delivered first, and goes with the mail retention.
    await db
      .updateTable('mail_outbox')
      .set({ text: '', html: '', attachments: null })
      .where('status', 'in', ['sent', 'failed'])
      .where((eb) => eb.or([eb('text', 'like', `%${subject.email}%`), eb('html', 'like', `%${subject.email}%`)]))
      .execute();
    await db.deleteFrom('privacy_link').where('email', '=', subject.email).execute();
  }
  return orderIds.length;
}
