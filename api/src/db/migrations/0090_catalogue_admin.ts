import { sql } from 'kysely';
import { isPostgres, type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * The catalogue managed in the back office (docs/backoffice.md#catalogue, docs/decisions/0096-catalogue-states-and-moves.md):
 * - every course, flexible-learning module, product and package price has a `status`: `draft` (not sold, not
 *   listed; where new items start and where unpublishing puts them), `published`, and for courses `cancelled`.
 *   What existed before is published, as it was on sale;
 * - a course keeps the weekdays it meets on (`meeting_days`, "1,3" with 0 = Monday; null: its start date's) and a
 *   `schedule_sequence`, raised each time a booked course moves, so calendars replace the event (SEQUENCE);
 * - a course's and a product's identifier is unique (the import's key). Duplicate course identifiers get `-<id>`
 *   appended; products, which had none, get `PRODUCT-<id>`;
 * - a course booking can be cancelled by the school (`cancelled_at`), and what that means for the money is an
 *   `order_case` for the owner to settle.
 */
export async function up(db: MigrationDb): Promise<void> {
  const status = (table: string, values: string) =>
    db.schema
      .alterTable(table)
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('published')
          .check(sql.raw(`status in (${values})`)),
      )
      .execute();
  await status('course', `'draft', 'published', 'cancelled'`);
  await status('product', `'draft', 'published'`);
  await status('flexible_learning_course', `'draft', 'published'`);
  await status('package_price', `'draft', 'published'`);

  await db.schema.alterTable('course').addColumn('meeting_days', 'text').execute();
  await db.schema
    .alterTable('course')
    .addColumn('schedule_sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // Identifiers become the import's key: make the course's unique, keeping the first of any duplicates as it is.
  const duplicates: { id: number; identifier: string }[] = await db
    .selectFrom('course as c')
    .select(['c.id', 'c.identifier'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('course as other')
          .select('other.id')
          .whereRef('other.identifier', '=', 'c.identifier')
          .whereRef('other.id', '<', 'c.id'),
      ),
    )
    .execute();
  for (const row of duplicates) {
    await db
      .updateTable('course')
      .set({ identifier: `${row.identifier}-${row.id}` })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.createIndex('course_identifier_unique').on('course').column('identifier').unique().execute();

  await db.schema.alterTable('product').addColumn('identifier', 'text').execute();
  const concat = isPostgres(db) ? sql`'PRODUCT-' || id::text` : sql`'PRODUCT-' || id`;
  await db.updateTable('product').set({ identifier: concat }).where('identifier', 'is', null).execute();
  await db.schema.createIndex('product_identifier_unique').on('product').column('identifier').unique().execute();

  await db.schema.alterTable('course_booking').addColumn('cancelled_at', 'text').execute();
  await db.schema.createIndex('course_booking_course_idx').on('course_booking').column('course_id').execute();

  // A money matter for the owner: today only a cancelled course's position; the refund flow settles it.
  await withGeneratedId(db, db.schema.createTable('order_case'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('shop_order.id').onDelete('cascade'))
    .addColumn('course_booking_id', 'integer', (col) => col.references('course_booking.id').onDelete('set null'))
    .addColumn('course_id', 'integer', (col) => col.references('course.id').onDelete('set null'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('closed_at', 'text')
    .addCheckConstraint('order_case_status_check', sql`status in ('open', 'closed')`)
    .execute();
  await db.schema.createIndex('order_case_status_idx').on('order_case').columns(['status', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('order_case').ifExists().execute();
  await db.schema.dropIndex('course_booking_course_idx').ifExists().execute();
  await db.schema.alterTable('course_booking').dropColumn('cancelled_at').execute();
  await db.schema.dropIndex('product_identifier_unique').ifExists().execute();
  await db.schema.alterTable('product').dropColumn('identifier').execute();
  await db.schema.dropIndex('course_identifier_unique').ifExists().execute();
  await db.schema.alterTable('course').dropColumn('schedule_sequence').execute();
  await db.schema.alterTable('course').dropColumn('meeting_days').execute();
  for (const table of ['package_price', 'flexible_learning_course', 'product', 'course'])
    await db.schema.alterTable(table).dropColumn('status').execute();
}
