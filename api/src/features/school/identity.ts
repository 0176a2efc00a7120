import type { PublicSchool } from '@shop/shared/contract';
import type { SchoolIdentity } from '@shop/shared/contract/admin';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SchoolIdentityTable } from '../../db/staff-schema.ts';

/**
 * The school's identity (docs/backoffice.md#the-schools-identity): one row the owner edits, read at runtime by every
 * mail, the shop's header and footer, and the sandbox page. Nothing here invents a value: without the row the shop
 * names no school, and production is not ready.
 */

const site = 'https://www.sprachschule.example/';
/** The demo school of a development database (seeded once, marked `demo`): what the shop named before it was data. */
export const demoSchoolIdentity: PublicSchool = {
  name: 'Sprachschule Español',
  postalAddress: 'Musterstraße 1\n10115 Berlin',
  email: 'kontakt@sprachschule.example',
  phone: '+49 30 1234567',
  vatId: '',
  vatExemptionNote: 'Sprachkurse umsatzsteuerfrei nach § 4 Nr. 21 UStG',
  logoUrl: '',
  websiteUrl: site,
  imprintUrl: new URL('impressum', site).href,
  privacyUrl: new URL('datenschutz', site).href,
  termsUrl: new URL('agb', site).href,
  withdrawalUrl: new URL('widerruf', site).href,
  contactUrl: new URL('kontakt', site).href,
};

function fromRow(row: Selectable<SchoolIdentityTable>): SchoolIdentity {
  return {
    name: row.name,
    postalAddress: row.postal_address,
    email: row.email,
    phone: row.phone,
    vatId: row.vat_id,
    vatExemptionNote: row.vat_exemption_note,
    logoUrl: row.logo_url,
    websiteUrl: row.website_url,
    imprintUrl: row.imprint_url,
    privacyUrl: row.privacy_url,
    termsUrl: row.terms_url,
    withdrawalUrl: row.withdrawal_url,
    contactUrl: row.contact_url,
    demo: row.demo === 1,
    updatedAt: row.updated_at,
  };
}

export async function readSchoolIdentity(kysely: Kysely<Database>): Promise<SchoolIdentity | null> {
  const row = await kysely.selectFrom('school_identity').selectAll().where('id', '=', 1).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** The public part (everything but the bookkeeping), as GET /api/school and the mails use it. */
export function publicSchool(identity: SchoolIdentity): PublicSchool {
  const { demo: _demo, updatedAt: _updatedAt, ...values } = identity;
  return values;
}

/** Sets the identity (the one row), and returns it. */
export async function writeSchoolIdentity(
  kysely: Kysely<Database>,
  values: PublicSchool,
  now: Date,
  { demo = false }: { demo?: boolean } = {},
): Promise<SchoolIdentity> {
  const row = {
    name: values.name,
    postal_address: values.postalAddress,
    email: values.email,
    phone: values.phone,
    vat_id: values.vatId,
    vat_exemption_note: values.vatExemptionNote,
    logo_url: values.logoUrl,
    website_url: values.websiteUrl,
    imprint_url: values.imprintUrl,
    privacy_url: values.privacyUrl,
    terms_url: values.termsUrl,
    withdrawal_url: values.withdrawalUrl,
    contact_url: values.contactUrl,
    demo: demo ? 1 : 0,
    updated_at: now.toISOString(),
  };
  await kysely
    .insertInto('school_identity')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
  return (await readSchoolIdentity(kysely))!;
}

/** What keeps production from being ready on the identity's account (one phrase, or none). */
export async function schoolIdentityProblems(kysely: Kysely<Database>): Promise<string[]> {
  return (await readSchoolIdentity(kysely))
    ? []
    : ["the school's identity is not set (the owner sets it in the back office: docs/backoffice.md)"];
}

/**
 * The identity as one process serves it: read at most every `maxAgeMs` (other processes' edits show within that),
 * and forgotten at once when this process changes it.
 */
export function schoolIdentityCache(kysely: Kysely<Database>, now: () => number, maxAgeMs = 10_000) {
  let cached: { at: number; value: Promise<SchoolIdentity | null> } | null = null;
  return {
    read(): Promise<SchoolIdentity | null> {
      if (!cached || now() - cached.at >= maxAgeMs || now() < cached.at) {
        const value = readSchoolIdentity(kysely);
        cached = { at: now(), value };
        value.catch(() => (cached = null));
      }
      return cached.value;
    },
    invalidate(): void {
      cached = null;
    },
  };
}
export type SchoolIdentityCache = ReturnType<typeof schoolIdentityCache>;
