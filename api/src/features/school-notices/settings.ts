import type { NoticeSettings, UpdateNoticeSettingsBody } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The notices the school can switch on or off, one column each in `school_notice_settings`. */
export type NoticeKind = 'order_paid' | 'withdrawal' | 'new_case' | 'daily_digest';

/**
 * Which notices the school gets and where (one row, seeded by 0113): a separate notification address, or the
 * school identity's address when none is set (not the demo school's); null when neither exists (nothing is sent).
 */
export async function readNoticeSettings(db: Kysely<Database>): Promise<NoticeSettings> {
  const row = await db
    .selectFrom('school_notice_settings')
    .leftJoin('school_identity', (join) => join.on('school_identity.id', '=', 1))
    .select([
      'school_notice_settings.recipient',
      'school_notice_settings.order_paid',
      'school_notice_settings.withdrawal',
      'school_notice_settings.new_case',
      'school_notice_settings.daily_digest',
      'school_identity.email as identity_email',
      'school_identity.demo as identity_demo',
    ])
    .where('school_notice_settings.id', '=', 1)
    .executeTakeFirst();
  if (!row)
    return {
      recipient: '',
      effectiveRecipient: null,
      orderPaid: false,
      withdrawal: false,
      newCase: false,
      dailyDigest: false,
    };
  return {
    recipient: row.recipient,
    // The demo school of a development database has no real address: notices go nowhere until one is set.
    effectiveRecipient: row.recipient || (row.identity_demo === 0 ? row.identity_email : null) || null,
    orderPaid: row.order_paid === 1,
    withdrawal: row.withdrawal === 1,
    newCase: row.new_case === 1,
    dailyDigest: row.daily_digest === 1,
  };
}

export async function writeNoticeSettings(
  db: Kysely<Database>,
  body: UpdateNoticeSettingsBody,
  now: Date,
): Promise<NoticeSettings> {
  await db
    .updateTable('school_notice_settings')
    .set({
      recipient: body.recipient,
      order_paid: body.orderPaid ? 1 : 0,
      withdrawal: body.withdrawal ? 1 : 0,
      new_case: body.newCase ? 1 : 0,
      daily_digest: body.dailyDigest ? 1 : 0,
      updated_at: now.toISOString(),
    })
    .where('id', '=', 1)
    .execute();
  return readNoticeSettings(db);
}

const switches: Record<NoticeKind, keyof NoticeSettings> = {
  order_paid: 'orderPaid',
  withdrawal: 'withdrawal',
  new_case: 'newCase',
  daily_digest: 'dailyDigest',
};

/** Where a notice of `kind` goes, or null when that kind is switched off or there is no address. */
export async function noticeRecipient(db: Kysely<Database>, kind: NoticeKind): Promise<string | null> {
  const settings = await readNoticeSettings(db);
  return settings[switches[kind]] === true ? settings.effectiveRecipient : null;
}
