import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.ts';
import * as catalog from './migrations/0001_catalog.ts';
import * as product from './migrations/0002_product.ts';
import * as packagePrice from './migrations/0003_package_price.ts';
import * as translation from './migrations/0004_translation.ts';
import * as customer from './migrations/0005_customer.ts';
import * as order from './migrations/0006_order.ts';
import * as customerBalance from './migrations/0007_customer_balance.ts';
import * as devMail from './migrations/0008_dev_mail.ts';
import * as examQuestion from './migrations/0020_exam_question.ts';
import * as examResult from './migrations/0021_exam_result.ts';
import * as discountCode from './migrations/0030_discount_code.ts';
import * as cartSync from './migrations/0031_cart_sync.ts';
import * as checkout from './migrations/0040_checkout.ts';
import * as paymentHold from './migrations/0050_payment_hold.ts';
import * as mollieMethodIds from './migrations/0051_mollie_method_ids.ts';
import * as cancelReason from './migrations/0052_cancel_reason.ts';
import * as examScoredResult from './migrations/0054_exam_scored_result.ts';
import * as codeUsageEmail from './migrations/0055_code_usage_email.ts';
import * as rateLimit from './migrations/0056_rate_limit.ts';
import * as outboxAndJobs from './migrations/0057_outbox_and_jobs.ts';
import * as withdrawal from './migrations/0059_withdrawal.ts';
import * as waitlist from './migrations/0060_waitlist.ts';
import * as translationSeededValue from './migrations/0061_translation_seeded_value.ts';
import * as orderLinePrices from './migrations/0062_order_line_prices.ts';
import * as paymentCapture from './migrations/0063_payment_capture.ts';
import * as withdrawalConfirmation from './migrations/0064_withdrawal_confirmation.ts';
import * as orderHoldClient from './migrations/0065_order_hold_client.ts';
import * as orderAccessKey from './migrations/0066_order_access_key.ts';
import * as customerEmailUndo from './migrations/0070_customer_email_undo.ts';
import * as orderChargeback from './migrations/0071_order_chargeback.ts';
import * as staffAndAudit from './migrations/0081_staff_and_audit.ts';
import * as schoolIdentity from './migrations/0082_school_identity.ts';
import * as textsAndCodesAdmin from './migrations/0083_texts_and_codes_admin.ts';
import * as unpaidHoldPlaces from './migrations/0083_unpaid_hold_places.ts';
import * as codeUsageInbox from './migrations/0084_code_usage_inbox.ts';
import * as loginDevicesAndLinks from './migrations/0086_login_devices_and_links.ts';
import * as catalogueAdmin from './migrations/0090_catalogue_admin.ts';
import * as catalogueDerivedTags from './migrations/0091_catalogue_derived_tags.ts';
import * as privacy from './migrations/0100_privacy.ts';
import * as declarationErasure from './migrations/0101_declaration_erasure.ts';
import * as adminOrderIndexes from './migrations/0110_admin_order_indexes.ts';
import * as casesRefundsNotices from './migrations/0113_cases_refunds_notices.ts';
import * as invoice from './migrations/0116_invoice.ts';
import * as overrideOverShipped from './migrations/0119_override_over_shipped.ts';
import * as cartSyncDiscountCodes from './migrations/0128_cart_sync_discount_codes.ts';
import * as invoicePdf from './migrations/0134_invoice_pdf.ts';

/**
 * All migrations, listed in code rather than read from a folder, so they work the same under tsx,
 * vitest and a bundler. Names sort in run order; add new ones with the next number, never edit old ones.
 */
export const migrations: Record<string, Migration> = {
  '0001_catalog': catalog,
  '0002_product': product,
  '0003_package_price': packagePrice,
  '0004_translation': translation,
  '0005_customer': customer,
  '0006_order': order,
  '0007_customer_balance': customerBalance,
  '0008_dev_mail': devMail,
  '0020_exam_question': examQuestion,
  '0021_exam_result': examResult,
  '0030_discount_code': discountCode,
  '0031_cart_sync': cartSync,
  '0040_checkout': checkout,
  '0050_payment_hold': paymentHold,
  '0051_mollie_method_ids': mollieMethodIds,
  '0052_cancel_reason': cancelReason,
  '0054_exam_scored_result': examScoredResult,
  '0055_code_usage_email': codeUsageEmail,
  '0056_rate_limit': rateLimit,
  '0057_outbox_and_jobs': outboxAndJobs,
  '0059_withdrawal': withdrawal,
  '0060_waitlist': waitlist,
  '0061_translation_seeded_value': translationSeededValue,
  '0062_order_line_prices': orderLinePrices,
  '0063_payment_capture': paymentCapture,
  '0064_withdrawal_confirmation': withdrawalConfirmation,
  '0065_order_hold_client': orderHoldClient,
  '0066_order_access_key': orderAccessKey,
  '0070_customer_email_undo': customerEmailUndo,
  '0071_order_chargeback': orderChargeback,
  '0081_staff_and_audit': staffAndAudit,
  '0082_school_identity': schoolIdentity,
  '0083_texts_and_codes_admin': textsAndCodesAdmin,
  '0083_unpaid_hold_places': unpaidHoldPlaces,
  '0084_code_usage_inbox': codeUsageInbox,
  '0086_login_devices_and_links': loginDevicesAndLinks,
  '0090_catalogue_admin': catalogueAdmin,
  '0091_catalogue_derived_tags': catalogueDerivedTags,
  '0100_privacy': privacy,
  '0101_declaration_erasure': declarationErasure,
  '0110_admin_order_indexes': adminOrderIndexes,
  '0113_cases_refunds_notices': casesRefundsNotices,
  '0116_invoice': invoice,
  '0119_override_over_shipped': overrideOverShipped,
  '0128_cart_sync_discount_codes': cartSyncDiscountCodes,
  '0134_invoice_pdf': invoicePdf,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws (with the failing migration's name) if one fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${detail}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations not yet applied to `db` (empty when the schema is up to date). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider });
  return (await migrator.getMigrations())
    .filter((migration) => !migration.executedAt)
    .map((migration) => migration.name);
}
