import { sql } from 'kysely';
import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * The waitlist of fully booked courses (docs/decisions/0012-waitlist.md): one row per person and course, in the
 * order they joined (id). `status` moves waiting → offered → claimed | expired, or to left from waiting/offered.
 * An offered row holds one place of its course (taken from `course.free_places`) until `offer_expires_at`.
 * Tokens are stored as SHA-256 hashes only.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('waitlist_entry'))
    .addColumn('course_id', 'integer', (col) => col.notNull().references('course.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'integer', (col) => col.references('customer.id').onDelete('set null'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('leave_token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('offer_token_hash', 'text', (col) => col.unique())
    .addColumn('offer_expires_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  // One active entry per address and course; left or finished rows do not block joining again.
  await db.schema
    .createIndex('waitlist_entry_active_uq')
    .on('waitlist_entry')
    .columns(['course_id', 'email'])
    .unique()
    .where(sql<boolean>`status in ('waiting', 'offered')`)
    .execute();
  await db.schema
    .createIndex('waitlist_entry_course_status_idx')
    .on('waitlist_entry')
    .columns(['course_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('waitlist_entry_email_status_idx')
    .on('waitlist_entry')
    .columns(['email', 'status'])
    .execute();
  await db.schema
    .createIndex('waitlist_entry_status_expiry_idx')
    .on('waitlist_entry')
    .columns(['status', 'offer_expires_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('waitlist_entry').ifExists().execute();
}
