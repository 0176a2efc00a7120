import { sql } from 'kysely';
import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * Orders (docs/product-rules.md#data Order) with their positions, participants, payments and billing address. The checkout
 * writes them; the account reads them. `customer_id` is null for guest orders. Money is integer cents.
 * (`order` is an SQL keyword, hence `shop_order`.)
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('shop_order'))
    .addColumn('increment_id', 'text', (col) => col.notNull().unique())
    .addColumn('customer_id', 'integer', (col) => col.references('customer.id').onDelete('set null'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('is_refunded', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_price_cents', 'integer', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('de'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint(
      'shop_order_status_check',
      sql`status in ('pending', 'payment_pending', 'paid', 'completed', 'cancelled')`,
    )
    .addCheckConstraint('shop_order_total_check', sql`total_price_cents >= 0 and is_refunded in (0, 1)`)
    .execute();
  // The account lists a customer's orders newest first.
  await db.schema
    .createIndex('shop_order_customer_idx')
    .on('shop_order')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_billing_address')
    .addColumn('order_id', 'integer', (col) => col.primaryKey().references('shop_order.id').onDelete('cascade'))
    .addColumn('firstname', 'text', (col) => col.notNull())
    .addColumn('lastname', 'text', (col) => col.notNull())
    .addColumn('address_line1', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('address_line2', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('zip', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo('DE'))
    .addColumn('phone', 'text')
    .addColumn('birth_year', 'text')
    .execute();

  await withGeneratedId(db, db.schema.createTable('course_booking'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('course.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('total_price_cents', 'integer', (col) => col.notNull())
    .addColumn('discount_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('course_booking_quantity_check', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('course_booking_order_idx').on('course_booking').column('order_id').execute();

  await withGeneratedId(db, db.schema.createTable('course_booking_participant'))
    .addColumn('course_booking_id', 'integer', (col) =>
      col.notNull().references('course_booking.id').onDelete('cascade'),
    )
    .addColumn('firstname', 'text', (col) => col.notNull())
    .addColumn('lastname', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('birth_year', 'text')
    .execute();
  await db.schema
    .createIndex('course_booking_participant_booking_idx')
    .on('course_booking_participant')
    .column('course_booking_id')
    .execute();

  await withGeneratedId(db, db.schema.createTable('product_order'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('product.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addCheckConstraint('product_order_quantity_check', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('product_order_order_idx').on('product_order').column('order_id').execute();

  // Packages bought with an order: a top-up of the customer's balance (spec: transactionType only 'add').
  await withGeneratedId(db, db.schema.createTable('customer_balance_transaction'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('transaction_type', 'text', (col) => col.notNull().defaultTo('add'))
    .addColumn('type_id', 'integer', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('total_price_cents', 'integer', (col) => col.notNull())
    .addCheckConstraint('customer_balance_transaction_type_check', sql`transaction_type in ('add')`)
    .execute();
  await db.schema
    .createIndex('customer_balance_transaction_order_idx')
    .on('customer_balance_transaction')
    .column('order_id')
    .execute();

  await withGeneratedId(db, db.schema.createTable('payment'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('method', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('payment_link', 'text')
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addCheckConstraint('payment_status_check', sql`status in ('pending', 'paid', 'failed', 'canceled', 'expired')`)
    .execute();
  await db.schema.createIndex('payment_order_idx').on('payment').column('order_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'payment',
    'customer_balance_transaction',
    'product_order',
    'course_booking_participant',
    'course_booking',
    'order_billing_address',
    'shop_order',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
