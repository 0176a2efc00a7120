import type { AdminOrder } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { productLineTotalCents } from '../order/product-line.ts';
import { orderMails } from './order-mails.ts';
import { toSummary } from './order-list.ts';

type Db = Kysely<Database>;

export const orderNotFound = () => new AppError(404, 'NOT_FOUND', 'No such order');

const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
const codesOf = (joined: string) => joined.split(',').filter(Boolean);

async function coursePositions(db: Db, orderId: number) {
  const bookings = await db
    .selectFrom('course_booking as b')
    .innerJoin('course as c', 'c.id', 'b.course_id')
    .leftJoin('course_text as t', (join) => join.onRef('t.course_id', '=', 'c.id').on('t.language', '=', 'de'))
    .select([
      'b.id',
      'b.course_id',
      'c.identifier',
      't.title',
      'c.start_date',
      'b.quantity',
      'b.total_price_cents',
      'b.discount_cents',
      'b.credits_applied',
      'b.discount_codes',
      'b.cancelled_at',
      'b.withdrawal_id',
    ])
    .where('b.order_id', '=', orderId)
    .orderBy('b.id')
    .execute();
  const participants = bookings.length
    ? await db
        .selectFrom('course_booking_participant')
        .selectAll()
        .where(
          'course_booking_id',
          'in',
          bookings.map((b) => b.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return bookings.map((b) => ({
    row: b,
    position: {
      id: b.id,
      courseId: b.course_id,
      identifier: b.identifier,
      title: b.title ?? b.identifier,
      startDate: b.start_date,
      quantity: b.quantity,
      totalCents: b.total_price_cents,
      discountCents: b.discount_cents,
      creditsApplied: b.credits_applied,
      cancelledAt: b.cancelled_at,
      withdrawalId: b.withdrawal_id,
      participants: participants
        .filter((p) => p.course_booking_id === b.id)
        .map((p) => ({
          id: p.id,
          firstname: p.firstname,
          lastname: p.lastname,
          email: p.email,
          phone: p.phone,
          birthYear: p.birth_year,
        })),
    },
  }));
}

async function otherPositions(db: Db, orderId: number) {
  const products = await db
    .selectFrom('product_order as p')
    .leftJoin('product_text as t', (join) =>
      join.onRef('t.product_id', '=', 'p.product_id').on('t.language', '=', 'de'),
    )
    .select([
      'p.id',
      'p.product_id',
      't.title',
      'p.quantity',
      'p.unit_price_cents',
      'p.discount_cents',
      'p.discount_codes',
      'p.withdrawal_id',
    ])
    .where('p.order_id', '=', orderId)
    .orderBy('p.id')
    .execute();
  const packages = await db
    .selectFrom('customer_balance_transaction')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return { products, packages };
}

async function money(db: Db, order: { id: number; increment_id: string }) {
  const [payments, refunds, withdrawals, creditsUsed, creditsBought] = await Promise.all([
    db.selectFrom('payment').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('refund').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db
      .selectFrom('withdrawal_declaration')
      .select(['id', 'received_at', 'name', 'email'])
      .where('order_number', '=', order.increment_id)
      .orderBy('id')
      .execute(),
    db.selectFrom('order_credit_usage').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('customer_balance').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
  ]);
  return { payments, refunds, withdrawals, creditsUsed, creditsBought };
}

async function auditTrail(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'order')
    .where('entity_id', '=', String(orderId))
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.actor,
    action: row.action,
    before: parseJson(row.before_json),
    after: parseJson(row.after_json),
  }));
}

/** `getOrder`: everything the office needs to answer a question about one order. */
export async function readAdminOrder(db: Db, orderId: number): Promise<AdminOrder> {
  const order = await db.selectFrom('shop_order').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) throw orderNotFound();
  const address = await db
    .selectFrom('order_billing_address')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const courses = await coursePositions(db, orderId);
  const { products, packages } = await otherPositions(db, orderId);
  const paid = await money(db, order);
  const codes = new Set(
    [
      ...courses.map((c) => c.row.discount_codes),
      ...products.map((p) => p.discount_codes),
      ...packages.map((p) => p.discount_codes),
    ].flatMap(codesOf),
  );
  const participantEmails = courses.flatMap((c) => c.position.participants.map((p) => p.email));
  return {
    ...toSummary({ ...order, firstname: address?.firstname ?? null, lastname: address?.lastname ?? null }),
    customerId: order.customer_id,
    locale: order.locale,
    comment: order.comment,
    holdExpiresAt: order.hold_expires_at,
    cancelReason: order.cancel_reason,
    chargedBackCents: order.charged_back_cents,
    billingAddress: address
      ? {
          firstname: address.firstname,
          lastname: address.lastname,
          addressLine1: address.address_line1,
          addressLine2: address.address_line2,
          zip: address.zip,
          city: address.city,
          country: address.country,
          phone: address.phone,
          birthYear: address.birth_year,
        }
      : null,
    courses: courses.map((c) => c.position),
    products: products.map((p) => ({
      id: p.id,
      productId: p.product_id,
      title: p.title ?? `#${p.product_id}`,
      quantity: p.quantity,
      unitPriceCents: p.unit_price_cents,
      discountCents: p.discount_cents,
      totalCents: productLineTotalCents(p),
      withdrawalId: p.withdrawal_id,
    })),
    packages: packages.map((p) => ({
      id: p.id,
      courseType: p.type_id,
      amount: p.amount,
      quantity: p.quantity,
      totalCents: p.total_price_cents,
      withdrawalId: p.withdrawal_id,
    })),
    payments: paid.payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      method: p.method,
      transactionId: p.transaction_id,
      status: p.status,
      amountCents: p.amount_cents,
      refundRequired: p.refund_required === 1,
      captureStatus: p.capture_status,
      captureId: p.capture_id,
      captureError: p.capture_error,
      createdAt: p.created_at,
      updatedAt: p.updated_at,
    })),
    refunds: paid.refunds.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      status: r.status,
      providerRefundId: r.provider_refund_id,
      createdAt: r.created_at,
    })),
    withdrawals: paid.withdrawals.map((w) => ({ id: w.id, receivedAt: w.received_at, name: w.name, email: w.email })),
    creditsUsed: paid.creditsUsed.map((c) => ({ balanceId: c.customer_balance_id, amount: c.amount })),
    creditsBought: paid.creditsBought.map((c) => ({
      id: c.id,
      courseType: c.type_id,
      balance: c.balance,
      validUntil: c.valid_until,
    })),
    codes: [...codes].sort(),
    mails: await orderMails(db, order, participantEmails),
    audit: await auditTrail(db, orderId),
  };
}
