import { languages, type ShopMode } from '@shop/shared/contract';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { demoSchoolIdentity, readSchoolIdentity, writeSchoolIdentity } from '../../features/school/identity.ts';
import { isoDateInZone } from '../../lib/dates.ts';
import type { Db } from '../database.ts';
import type { Database, TextTable } from '../schema.ts';
import { buildSeedCatalog, type Texts } from './catalog-data.ts';
import { seedDiscountCodes } from './discount-codes.ts';
import { seedExamBank } from './exam.ts';
import { seedTagCategories } from './tags.ts';
import { type SourceTexts, syncTranslations } from './translations.ts';
import { inTransaction } from '../database.ts';

export interface SeedResult {
  /** false when the catalogue already had data and was left alone. */
  catalog: boolean;
  translationsAdded: number;
  /** Untouched texts moved to a changed source text. */
  translationsUpdated: number;
}

/**
 * What a start puts into the database, in one transaction (docs/decisions/0095-school-identity-and-demo-data.md):
 * - always: the tag categories and tags when there are none (the catalogue's structure, its derived tags), the
 *   translation table following the areas' source texts (keeping what an operator changed: translations.ts), and
 *   the placement-test questions into an empty bank;
 * - in development only, and only once per database (the `demo` seed marker): the demo catalogue when it is empty,
 *   the demo discount codes and the demo school's identity. What staff delete afterwards stays deleted, and a
 *   production start never seeds any of it.
 * `now` fixes the dates (tests pass a constant).
 */
export async function seed(
  db: Db,
  {
    now = new Date(),
    mode = 'development',
    texts,
  }: {
    now?: Date;
    mode?: ShopMode;
    /** the shipped texts, when not the checkout's (features/texts/shipped.ts) */ texts?: SourceTexts;
  } = {},
): Promise<SeedResult> {
  return inTransaction(db.kysely, async (trx) => {
    await seedTagsIfEmpty(trx);
    const demo = mode === 'development' && !(await hasSeedMarker(trx, demoMarker));
    const catalog = demo && (await isCatalogEmpty(trx)) ? (await seedCatalog(trx, isoDateInZone(now)), true) : false;
    const translations = await syncTranslations(trx, texts);
    await seedExamBank(trx);
    if (demo) {
      await seedDiscountCodes(trx, now);
      if (!(await readSchoolIdentity(trx))) await writeSchoolIdentity(trx, demoSchoolIdentity, now, { demo: true });
      await trx.insertInto('seed_marker').values({ name: demoMarker, seeded_at: now.toISOString() }).execute();
    }
    return { catalog, translationsAdded: translations.added, translationsUpdated: translations.updated };
  });
}

/** The marker of the demo data: once it is there, no start seeds demo data again. */
const demoMarker = 'demo';

async function hasSeedMarker(db: Kysely<Database>, name: string): Promise<boolean> {
  return (await db.selectFrom('seed_marker').select('name').where('name', '=', name).executeTakeFirst()) !== undefined;
}

/** The tag categories and their tags (months, weekdays, levels …), the structure every catalogue is sorted by. */
async function seedTagsIfEmpty(trx: Kysely<Database>): Promise<void> {
  const row = await trx
    .selectFrom('tag_category')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  if (Number(row?.count ?? 0) > 0) return;
  await trx
    .insertInto('tag_category')
    .values(seedTagCategories.map((c, position) => ({ id: c.id, slug: c.slug, position })))
    .execute();
  await trx
    .insertInto('tag')
    .values(seedTagCategories.flatMap((c) => c.tags.map((slug, position) => ({ category_id: c.id, slug, position }))))
    .execute();
}

async function isCatalogEmpty(db: Kysely<Database>): Promise<boolean> {
  for (const table of ['course', 'flexible_learning_course', 'product', 'package_price'] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst();
    if (Number(row?.count ?? 0) > 0) return false;
  }
  return true;
}

/** Inserts in chunks so that no statement exceeds a driver's limit on bound parameters. */
async function insertChunked<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
) {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 200) as never)
      .execute();
  }
}

const textRows = (texts: Texts): TextTable[] => languages.map((language) => ({ language, ...texts[language] }));

async function seedCatalog(trx: Transaction<Database>, today: string): Promise<void> {
  const data = buildSeedCatalog(today);
  const tagIds = new Map((await trx.selectFrom('tag').select(['id', 'slug']).execute()).map((t) => [t.slug, t.id]));
  const tagId = (slug: string) => {
    const id = tagIds.get(slug);
    if (id === undefined) throw new Error(`Seed uses unknown tag "${slug}"`);
    return id;
  };

  const moduleIds = new Map<string, number>();
  for (const flexible of data.flexibleCourses) {
    const { id } = await trx
      .insertInto('flexible_learning_course')
      .values({ module_identifier: flexible.moduleIdentifier })
      .returning('id')
      .executeTakeFirstOrThrow();
    moduleIds.set(flexible.moduleIdentifier, id);
    await trx
      .insertInto('flexible_learning_course_text')
      .values(textRows(flexible.texts).map((t) => ({ ...t, flexible_learning_course_id: id })))
      .execute();
  }

  // One insert per course to learn its id (RETURNING works on both dialects); texts and tags go in batches.
  const courseTexts: Insertable<Database['course_text']>[] = [];
  const courseTags: Insertable<Database['course_tag']>[] = [];
  for (const course of data.courses) {
    const { id } = await trx
      .insertInto('course')
      .values({
        type: course.type,
        identifier: course.identifier,
        start_date: course.startDate,
        start_time: course.startTime,
        end_date: course.endDate,
        end_time: course.endTime,
        registration_deadline: course.registrationDeadline,
        max_participants: course.maxParticipants,
        free_places: course.freePlaces,
        price_cents: course.priceCents,
        discounted_price_cents: course.discountedPriceCents,
        flexible_learning_course_id: course.flexibleModule ? (moduleIds.get(course.flexibleModule) ?? null) : null,
        meeting_days: course.meetingDays,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    courseTexts.push(...textRows(course.texts).map((t) => ({ ...t, course_id: id })));
    courseTags.push(...course.tags.map((slug) => ({ course_id: id, tag_id: tagId(slug) })));
  }
  await insertChunked(trx, 'course_text', courseTexts);
  await insertChunked(trx, 'course_tag', courseTags);

  for (const product of data.products) {
    const { id } = await trx
      .insertInto('product')
      .values({
        identifier: product.identifier,
        institution_id: product.institutionId,
        price_cents: product.priceCents,
        discounted_price_cents: product.discountedPriceCents,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('product_text')
      .values(textRows(product.texts).map((t) => ({ ...t, product_id: id })))
      .execute();
    if (product.tags.length > 0) {
      await trx
        .insertInto('product_tag')
        .values(product.tags.map((slug) => ({ product_id: id, tag_id: tagId(slug) })))
        .execute();
    }
  }

  await trx
    .insertInto('package_price')
    .values(data.packagePrices.map((p) => ({ type: p.type, amount: p.amount, price_cents: p.priceCents })))
    .execute();
}
