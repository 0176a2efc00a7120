import { sql } from 'kysely';
import { createTextTable, type MigrationDb, withGeneratedId } from './helpers.ts';

/** Tags, courses and flexible-learning courses: everything the course search reads. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('tag_category')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // Slugs are unique across categories because the search receives bare slugs.
  await withGeneratedId(db, db.schema.createTable('tag'))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('tag_category.id').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await withGeneratedId(db, db.schema.createTable('flexible_learning_course'))
    .addColumn('module_identifier', 'text', (col) => col.notNull().unique())
    .execute();
  await createTextTable(db, 'flexible_learning_course_text', 'flexible_learning_course', 'flexible_learning_course_id');

  await withGeneratedId(db, db.schema.createTable('course'))
    .addColumn('type', 'integer', (col) => col.notNull())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('start_date', 'text', (col) => col.notNull())
    .addColumn('start_time', 'text')
    .addColumn('end_date', 'text', (col) => col.notNull())
    .addColumn('end_time', 'text')
    .addColumn('registration_deadline', 'text', (col) => col.notNull())
    .addColumn('max_participants', 'integer', (col) => col.notNull())
    .addColumn('free_places', 'integer', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('discounted_price_cents', 'integer')
    .addColumn('flexible_learning_course_id', 'integer', (col) =>
      col.references('flexible_learning_course.id').onDelete('set null'),
    )
    .addCheckConstraint('course_type_check', sql`type in (1, 2, 3)`)
    .addCheckConstraint('course_places_check', sql`free_places >= 0 and free_places <= max_participants`)
    .addCheckConstraint(
      'course_price_check',
      sql`price_cents >= 0 and (discounted_price_cents is null or discounted_price_cents >= 0)`,
    )
    .execute();
  await createTextTable(db, 'course_text', 'course', 'course_id');

  await db.schema
    .createTable('course_tag')
    .addColumn('course_id', 'integer', (col) => col.notNull().references('course.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (col) => col.notNull().references('tag.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('course_tag_pk', ['course_id', 'tag_id'])
    .execute();

  // The search orders by start date/time and filters by type, flexible course and tag.
  await db.schema.createIndex('course_start_idx').on('course').columns(['start_date', 'start_time', 'id']).execute();
  await db.schema.createIndex('course_type_idx').on('course').column('type').execute();
  await db.schema.createIndex('course_flexible_idx').on('course').column('flexible_learning_course_id').execute();
  await db.schema.createIndex('course_tag_tag_idx').on('course_tag').columns(['tag_id', 'course_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'course_tag',
    'course_text',
    'course',
    'flexible_learning_course_text',
    'flexible_learning_course',
    'tag',
    'tag_category',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
