import { type MigrationDb, withGeneratedId } from './helpers.ts';

/**
 * The mail outbox and the job schedule (docs/decisions/0008-outbox-and-jobs.md). Every mail is a row of
 * `mail_outbox`, written in the transaction of the change that causes it and delivered by a worker that claims it
 * with a conditional update; the dev outbox reads the same rows, so `dev_mail` moves into it. `job_schedule` holds
 * one row per periodic job: when it is due next, and which process holds it until when.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withGeneratedId(db, db.schema.createTable('mail_outbox'))
    .addColumn('message_id', 'text', (col) => col.notNull().unique())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('attachments', 'text')
    .addColumn('erase_after_send', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The worker looks for due rows by status and time; the dev mailbox by recipient.
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_recipient_idx').on('mail_outbox').column('recipient').execute();

  // Mails the dev outbox kept so far stay readable, as delivered ones.
  const kept = await db.selectFrom('dev_mail').selectAll().orderBy('id').execute();
  for (const mail of kept) {
    await db
      .insertInto('mail_outbox')
      .values({
        message_id: `dev-mail-${mail.id}`,
        recipient: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        status: 'sent',
        attempts: 1,
        next_attempt_at: mail.created_at,
        created_at: mail.created_at,
        sent_at: mail.created_at,
      })
      .execute();
  }
  await db.schema.dropTable('dev_mail').execute();

  await db.schema
    .createTable('job_schedule')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('next_run_at', 'text', (col) => col.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('job_schedule').ifExists().execute();
  await withGeneratedId(db, db.schema.createTable('dev_mail'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.dropTable('mail_outbox').ifExists().execute();
}
