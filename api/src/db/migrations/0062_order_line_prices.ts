import type { MigrationDb } from './helpers.ts';

/**
 * Order positions keep what the one price presenter shows (docs/decisions/0034-one-price-presenter.md): the
 * unit price when bought, places paid with credits, each position's share of the codes and which codes, and
 * each redemption's amount. Existing orders are filled from what they stored: a course's total plus discount is
 * its places at the course's price less the places credits paid; a package's list price is today's package
 * price; what the order total lacks after that was the products' discount (never stored before), spread over
 * them; an order with several codes books their whole amount on its first code.
 */
export async function up(db: MigrationDb): Promise<void> {
  const int = (table: string, column: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  const codes = (table: string) =>
    db.schema
      .alterTable(table)
      .addColumn('discount_codes', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  await int('course_booking', 'unit_price_cents');
  await int('course_booking', 'credits_applied');
  await codes('course_booking');
  await int('product_order', 'discount_cents');
  await codes('product_order');
  await int('customer_balance_transaction', 'unit_price_cents');
  await int('customer_balance_transaction', 'discount_cents');
  await codes('customer_balance_transaction');
  await int('discount_code_usage', 'discount_cents');
  await fillExistingOrders(db);
}

async function fillExistingOrders(db: MigrationDb): Promise<void> {
  const orders: { id: number; total_price_cents: number }[] = await db
    .selectFrom('shop_order')
    .select(['id', 'total_price_cents'])
    .execute();
  for (const order of orders) {
    const usages: { id: number; code: string }[] = await db
      .selectFrom('discount_code_usage')
      .innerJoin('discount_code', 'discount_code.id', 'discount_code_usage.discount_code_id')
      .select(['discount_code_usage.id as id', 'discount_code.code as code'])
      .where('discount_code_usage.order_id', '=', order.id)
      .orderBy('discount_code_usage.id')
      .execute();
    const codeList = usages.map((usage) => usage.code).join(',');
    const codesOf = (discount: number) => (discount > 0 ? codeList : '');
    let discountSum = 0;
    let payableSum = 0;

    const bookings: {
      id: number;
      quantity: number;
      total_price_cents: number;
      discount_cents: number;
      price_cents: number;
      discounted_price_cents: number | null;
    }[] = await db
      .selectFrom('course_booking')
      .innerJoin('course', 'course.id', 'course_booking.course_id')
      .select([
        'course_booking.id as id',
        'course_booking.quantity as quantity',
        'course_booking.total_price_cents as total_price_cents',
        'course_booking.discount_cents as discount_cents',
        'course.price_cents as price_cents',
        'course.discounted_price_cents as discounted_price_cents',
      ])
      .where('course_booking.order_id', '=', order.id)
      .execute();
    for (const booking of bookings) {
      const paid = booking.total_price_cents + booking.discount_cents;
      const coursePrice = booking.discounted_price_cents ?? booking.price_cents;
      const fits = coursePrice > 0 && paid % coursePrice === 0 && paid / coursePrice <= booking.quantity;
      const unit = fits ? coursePrice : Math.round(paid / booking.quantity);
      const credits = fits ? booking.quantity - paid / coursePrice : 0;
      await db
        .updateTable('course_booking')
        .set({ unit_price_cents: unit, credits_applied: credits, discount_codes: codesOf(booking.discount_cents) })
        .where('id', '=', booking.id)
        .execute();
      discountSum += booking.discount_cents;
      payableSum += booking.total_price_cents;
    }

    const packages: { id: number; type_id: number; amount: number; quantity: number; total_price_cents: number }[] =
      await db
        .selectFrom('customer_balance_transaction')
        .select(['id', 'type_id', 'amount', 'quantity', 'total_price_cents'])
        .where('order_id', '=', order.id)
        .execute();
    for (const row of packages) {
      const price: { price_cents: number } | undefined = await db
        .selectFrom('package_price')
        .select('price_cents')
        .where('type', '=', row.type_id === 3 ? 'conversation_hours' : 'flexible_learning')
        .where('amount', '=', row.amount)
        .executeTakeFirst();
      const list = price ? price.price_cents * row.quantity : row.total_price_cents;
      const fits = price !== undefined && list >= row.total_price_cents;
      const discount = fits ? list - row.total_price_cents : 0;
      await db
        .updateTable('customer_balance_transaction')
        .set({
          unit_price_cents: fits ? price.price_cents : Math.round(row.total_price_cents / row.quantity),
          discount_cents: discount,
          discount_codes: codesOf(discount),
        })
        .where('id', '=', row.id)
        .execute();
      discountSum += discount;
      payableSum += row.total_price_cents;
    }

    const products: { id: number; quantity: number; unit_price_cents: number }[] = await db
      .selectFrom('product_order')
      .select(['id', 'quantity', 'unit_price_cents'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    const productList = products.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0);
    const missing = Math.min(productList, Math.max(0, payableSum + productList - order.total_price_cents));
    let left = missing;
    for (const [index, line] of products.entries()) {
      const list = line.quantity * line.unit_price_cents;
      const share = index === products.length - 1 ? left : Math.floor((missing * list) / (productList || 1));
      left -= share;
      await db
        .updateTable('product_order')
        .set({ discount_cents: share, discount_codes: codesOf(share) })
        .where('id', '=', line.id)
        .execute();
    }
    discountSum += missing;

    if (usages.length > 0)
      await db
        .updateTable('discount_code_usage')
        .set({ discount_cents: discountSum })
        .where('id', '=', usages[0]!.id)
        .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  const drop = (table: string, column: string) => db.schema.alterTable(table).dropColumn(column).execute();
  await drop('discount_code_usage', 'discount_cents');
  await drop('customer_balance_transaction', 'discount_codes');
  await drop('customer_balance_transaction', 'discount_cents');
  await drop('customer_balance_transaction', 'unit_price_cents');
  await drop('product_order', 'discount_codes');
  await drop('product_order', 'discount_cents');
  await drop('course_booking', 'discount_codes');
  await drop('course_booking', 'credits_applied');
  await drop('course_booking', 'unit_price_cents');
}
