import type { MigrationDb } from './helpers.ts';

/**
 * The capture of an authorized payment (docs/decisions/0039-capture-authorized-payments.md): Klarna payments end
 * in `authorized`, the order is booked then, and the shop captures the money itself. `capture_status` is null for
 * payments that need no capture, `due` until the provider created the capture (`capture_id`), then `captured`;
 * a failed attempt leaves it due with `capture_error`, `capture_attempts` and the time of the next attempt.
 */
const columns = ['capture_status', 'capture_id', 'capture_error', 'capture_next_at'] as const;

export async function up(db: MigrationDb): Promise<void> {
  for (const column of columns) await db.schema.alterTable('payment').addColumn(column, 'text').execute();
  await db.schema
    .alterTable('payment')
    .addColumn('capture_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('payment_capture_due_idx')
    .on('payment')
    .columns(['capture_status', 'capture_next_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('payment_capture_due_idx').execute();
  for (const column of [...columns, 'capture_attempts'])
    await db.schema.alterTable('payment').dropColumn(column).execute();
}
