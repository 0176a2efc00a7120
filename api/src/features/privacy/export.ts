import { privacyExportFormat } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { AddressColumns } from '../../db/customer-schema.ts';
import type { Database } from '../../db/schema.ts';
import { centsToEuros } from '@shop/shared/money';
import type { PrivacyExport } from './export-schema.ts';
import { orderIdsOf, participationIdsOf, type Subject } from './subject.ts';

type Db = Kysely<Database>;

const codes = (joined: string) => (joined ? joined.split(',') : []);

/** The courses named by `ids`, with their German title (the download's language-neutral reference). */
async function coursesById(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, PrivacyExport['waitlist'][number]['course']>();
  const rows = await db
    .selectFrom('course')
    .leftJoin('course_text', (join) =>
      join.onRef('course_text.course_id', '=', 'course.id').on('course_text.language', '=', 'de'),
    )
    .select(['course.id', 'course.identifier', 'course.start_date', 'course.end_date', 'course_text.title'])
    .where('course.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        courseId: row.id,
        identifier: row.identifier,
        title: row.title ?? '',
        startDate: row.start_date,
        endDate: row.end_date,
      },
    ]),
  );
}

const inIds = <T>(ids: number[], read: () => Promise<T[]>): Promise<T[]> =>
  ids.length === 0 ? Promise.resolve([]) : read();

/**
 * Everything the shop holds about `subject` (docs/privacy.md#the-download): one query per table, nothing of anybody
 * else (a participant another person named in the subject's order is part of the subject's order; the subject's
 * entry in another person's order is shown without that order's other data).
 */
export async function exportPersonalData(db: Db, subject: Subject, now: Date): Promise<PrivacyExport> {
  const customerId = subject.kind === 'customer' ? subject.customerId : null;
  const orderIds = await orderIdsOf(db, subject);
  const participationIds = await participationIdsOf(db, subject, orderIds);

  const customer =
    customerId === null
      ? undefined
      : await db.selectFrom('customer').selectAll().where('id', '=', customerId).executeTakeFirst();
  const billing =
    customerId === null
      ? undefined
      : await db
          .selectFrom('customer_billing_address')
          .selectAll()
          .where('customer_id', '=', customerId)
          .executeTakeFirst();

  const orders = await inIds(orderIds, () =>
    db.selectFrom('shop_order').selectAll().where('id', 'in', orderIds).orderBy('created_at', 'desc').execute(),
  );
  const numberOf = new Map(orders.map((order) => [order.id, order.increment_id]));
  const [addresses, bookings, products, packages, payments, refunds] = await Promise.all([
    inIds(orderIds, () =>
      db.selectFrom('order_billing_address').selectAll().where('order_id', 'in', orderIds).execute(),
    ),
    inIds(orderIds, () =>
      db.selectFrom('course_booking').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    ),
    inIds(orderIds, () =>
      db.selectFrom('product_order').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    ),
    inIds(orderIds, () =>
      db
        .selectFrom('customer_balance_transaction')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('id')
        .execute(),
    ),
    inIds(orderIds, () =>
      db.selectFrom('payment').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    ),
    inIds(orderIds, () =>
      db.selectFrom('refund').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
    ),
  ]);
  const bookingIds = bookings.map((booking) => booking.id);
  const participants = await inIds(bookingIds, () =>
    db
      .selectFrom('course_booking_participant')
      .selectAll()
      .where('course_booking_id', 'in', bookingIds)
      .orderBy('id')
      .execute(),
  );
  const participations = await inIds(participationIds, () =>
    db
      .selectFrom('course_booking_participant as p')
      .innerJoin('course_booking as b', 'b.id', 'p.course_booking_id')
      .innerJoin('shop_order as o', 'o.id', 'b.order_id')
      .select(['p.firstname', 'p.lastname', 'p.email', 'p.phone', 'p.birth_year', 'b.course_id', 'o.created_at'])
      .where('p.id', 'in', participationIds)
      .orderBy('p.id')
      .execute(),
  );

  const waitlist = await db
    .selectFrom('waitlist_entry')
    .selectAll()
    .where((eb) => {
      const guest = eb.and([eb('customer_id', 'is', null), eb('email', '=', subject.email)]);
      return customerId === null ? guest : eb.or([eb('customer_id', '=', customerId), guest]);
    })
    .orderBy('created_at', 'desc')
    .execute();
  const courses = await coursesById(db, [
    ...bookings.map((booking) => booking.course_id),
    ...participations.map((row) => row.course_id),
    ...waitlist.map((entry) => entry.course_id),
  ]);
  const course = (id: number) =>
    courses.get(id) ?? { courseId: id, identifier: '', title: '', startDate: '', endDate: '' };

  const withdrawals = await db
    .selectFrom('withdrawal_declaration')
    .selectAll()
    .where((eb) => {
      const guest = eb.and([eb('customer_id', 'is', null), eb('email', '=', subject.email)]);
      return customerId === null ? guest : eb.or([eb('customer_id', '=', customerId), guest]);
    })
    .orderBy('received_at', 'desc')
    .execute();

  const codeUses = await db
    .selectFrom('discount_code_usage as u')
    .innerJoin('discount_code as c', 'c.id', 'u.discount_code_id')
    .select(['c.code', 'u.used_at', 'u.order_id', 'u.discount_cents'])
    .where((eb) => {
      const byAddress = eb('u.email', '=', subject.email);
      const conditions = [customerId === null ? eb.and([byAddress, eb('u.customer_id', 'is', null)]) : byAddress];
      if (customerId !== null) conditions.push(eb('u.customer_id', '=', customerId));
      if (orderIds.length > 0) conditions.push(eb('u.order_id', 'in', orderIds));
      return eb.or(conditions);
    })
    .orderBy('u.used_at', 'desc')
    .execute();

  const mails = await db
    .selectFrom('mail_outbox')
    .select(['subject', 'created_at', 'sent_at', 'status'])
    .where('recipient', '=', subject.email)
    .orderBy('id', 'desc')
    .execute();

  const [balances, creditUses, levelTests, sessions, tokens, undoLinks] =
    customerId === null
      ? [[], [], [], [], [], []]
      : await Promise.all([
          db.selectFrom('customer_balance').selectAll().where('customer_id', '=', customerId).orderBy('id').execute(),
          db
            .selectFrom('order_credit_usage as u')
            .innerJoin('customer_balance as b', 'b.id', 'u.customer_balance_id')
            .innerJoin('shop_order as o', 'o.id', 'u.order_id')
            .select(['b.type_id', 'u.amount', 'o.increment_id', 'o.created_at'])
            .where('b.customer_id', '=', customerId)
            .orderBy('u.id')
            .execute(),
          db.selectFrom('exam_result').selectAll().where('customer_id', '=', customerId).orderBy('id').execute(),
          db
            .selectFrom('customer_session')
            .select(['created_at', 'expires_at', 'remember'])
            .where('customer_id', '=', customerId)
            .orderBy('id')
            .execute(),
          db
            .selectFrom('customer_token')
            .select(['purpose', 'email', 'created_at', 'expires_at', 'used_at'])
            .where('customer_id', '=', customerId)
            .orderBy('id')
            .execute(),
          db
            .selectFrom('customer_email_undo')
            .select(['email', 'created_at', 'expires_at', 'used_at'])
            .where('customer_id', '=', customerId)
            .orderBy('id')
            .execute(),
        ]);
  const balanceOrders = balances.flatMap((balance) => (balance.order_id === null ? [] : [balance.order_id]));
  const balanceOrderNumbers = new Map(
    (
      await inIds(balanceOrders, () =>
        db.selectFrom('shop_order').select(['id', 'increment_id']).where('id', 'in', balanceOrders).execute(),
      )
    ).map((row) => [row.id, row.increment_id]),
  );

  const consents: PrivacyExport['consents'] = [];
  if (customer)
    consents.push({
      kind: 'newsletter',
      given: customer.is_subscribed_to_newsletter === 1,
      at: customer.updated_at,
      orderNumber: null,
    });
  for (const order of orders) {
    if (order.marketing_opt_in === 1)
      consents.push({ kind: 'marketing', given: true, at: order.created_at, orderNumber: order.increment_id });
    if (order.early_start_requested_at)
      consents.push({
        kind: 'earlyStart',
        given: true,
        at: order.early_start_requested_at,
        orderNumber: order.increment_id,
      });
  }

  const address = (row: AddressColumns) => ({
    firstname: row.firstname,
    lastname: row.lastname,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    zip: row.zip,
    country: row.country,
  });
  const participant = (
    row: Pick<(typeof participants)[number], 'firstname' | 'lastname' | 'email' | 'phone' | 'birth_year'>,
  ) => ({
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    birthYear: row.birth_year,
  });

  return {
    format: privacyExportFormat,
    createdAt: now.toISOString(),
    subject: { kind: subject.kind, email: subject.email },
    profile: customer
      ? {
          email: customer.email,
          firstname: customer.firstname,
          lastname: customer.lastname,
          displayName: customer.display_name,
          phone: customer.phone,
          birthYear: customer.birth_year,
          languageNiveau: customer.language_niveau,
          languageNiveauDetails: customer.language_niveau_details,
          locale: customer.locale,
          isEmailVerified: customer.is_email_verified === 1,
          createdAt: customer.created_at,
          updatedAt: customer.updated_at,
        }
      : null,
    billingAddress: billing ? { ...address(billing), updatedAt: billing.updated_at } : null,
    orders: orders.map((order) => {
      const billingAddress = addresses.find((row) => row.order_id === order.id);
      return {
        orderNumber: order.increment_id,
        createdAt: order.created_at,
        status: order.status,
        cancelReason: order.cancel_reason,
        email: order.email,
        locale: order.locale,
        timezone: order.timezone,
        comment: order.comment,
        paymentMethod: order.payment_method,
        totalPrice: centsToEuros(order.total_price_cents),
        chargedBack: centsToEuros(order.charged_back_cents),
        billingAddress: billingAddress
          ? { ...address(billingAddress), phone: billingAddress.phone, birthYear: billingAddress.birth_year }
          : null,
        courses: bookings
          .filter((booking) => booking.order_id === order.id)
          .map((booking) => ({
            ...course(booking.course_id),
            quantity: booking.quantity,
            unitPrice: centsToEuros(booking.unit_price_cents),
            totalPrice: centsToEuros(booking.total_price_cents),
            discount: centsToEuros(booking.discount_cents),
            creditsApplied: booking.credits_applied,
            discountCodes: codes(booking.discount_codes),
            withdrawn: booking.withdrawal_id !== null,
            participants: participants.filter((row) => row.course_booking_id === booking.id).map(participant),
          })),
        products: products
          .filter((row) => row.order_id === order.id)
          .map((row) => ({
            productId: row.product_id,
            quantity: row.quantity,
            unitPrice: centsToEuros(row.unit_price_cents),
            discount: centsToEuros(row.discount_cents),
            discountCodes: codes(row.discount_codes),
            withdrawn: row.withdrawal_id !== null,
          })),
        packages: packages
          .filter((row) => row.order_id === order.id)
          .map((row) => ({
            typeId: row.type_id,
            amount: row.amount,
            quantity: row.quantity,
            unitPrice: centsToEuros(row.unit_price_cents),
            totalPrice: centsToEuros(row.total_price_cents),
            discount: centsToEuros(row.discount_cents),
            discountCodes: codes(row.discount_codes),
            withdrawn: row.withdrawal_id !== null,
          })),
        payments: payments
          .filter((row) => row.order_id === order.id)
          .map((row) => ({
            provider: row.provider,
            method: row.method,
            status: row.status,
            amount: centsToEuros(row.amount_cents),
            createdAt: row.created_at,
            updatedAt: row.updated_at,
          })),
        refunds: refunds
          .filter((row) => row.order_id === order.id)
          .map((row) => ({ amount: centsToEuros(row.amount_cents), status: row.status, createdAt: row.created_at })),
      };
    }),
    participations: participations.map((row) => ({
      ...participant(row),
      course: course(row.course_id),
      orderCreatedAt: row.created_at,
    })),
    balances: balances.map((row) => ({
      typeId: row.type_id,
      balance: row.balance,
      validFrom: row.valid_from,
      validUntil: row.valid_until,
      orderNumber: row.order_id === null ? null : (balanceOrderNumbers.get(row.order_id) ?? null),
    })),
    balanceHistory: [
      ...packages.map((row) => ({
        kind: 'bought' as const,
        typeId: row.type_id,
        amount: row.amount * row.quantity,
        orderNumber: numberOf.get(row.order_id) ?? '',
        at: orders.find((order) => order.id === row.order_id)?.created_at ?? '',
      })),
      ...creditUses.map((row) => ({
        kind: 'used' as const,
        typeId: row.type_id,
        amount: row.amount,
        orderNumber: row.increment_id,
        at: row.created_at,
      })),
    ].sort((a, b) => a.at.localeCompare(b.at)),
    levelTests: levelTests.map((row) => ({
      level: row.level,
      reachedPoints: row.reached_points,
      maxPoints: row.max_points,
      targetDetail: row.target_detail,
      createdAt: row.created_at,
    })),
    waitlist: waitlist.map((entry) => ({
      course: course(entry.course_id),
      status: entry.status,
      locale: entry.locale,
      createdAt: entry.created_at,
      offerExpiresAt: entry.offer_expires_at,
      endedAt: entry.ended_at,
    })),
    withdrawals: withdrawals.map((row) => ({
      receivedAt: row.received_at,
      name: row.name,
      orderNumber: row.order_number,
      email: row.email,
      positions: JSON.parse(row.positions) as unknown,
      locale: row.locale,
    })),
    consents,
    discountCodeUses: codeUses.map((row) => ({
      code: row.code,
      usedAt: row.used_at,
      orderNumber: row.order_id === null ? null : (numberOf.get(row.order_id) ?? null),
      discount: centsToEuros(row.discount_cents),
    })),
    mails: mails.map((row) => ({
      subject: row.subject,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      status: row.status,
    })),
    sessions: sessions.map((row) => ({
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      remember: row.remember === 1,
    })),
    accountLinks: [
      ...tokens.map((row) => ({ ...row, purpose: row.purpose as PrivacyExport['accountLinks'][number]['purpose'] })),
      ...undoLinks.map((row) => ({ ...row, purpose: 'undo_email_change' as const })),
    ].map((row) => ({
      purpose: row.purpose,
      email: row.email,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
    })),
  };
}
