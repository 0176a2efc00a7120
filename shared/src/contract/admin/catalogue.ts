import { z } from 'zod';
import { catalogTextLimits, courseTypeSchema, packageTypeSchema } from '../catalog.ts';
import { isoDateSchema, multilineTextSchema, textSchema, timeSchema } from '../common.ts';
import { centsSchema, centsValueSchema, pageOf, pageQuerySchema, searchTextSchema } from './common.ts';

/**
 * The catalogue as staff manage it (docs/backoffice.md#catalogue): group courses, conversation hours and
 * flexible-learning appointments, their modules, products and package prices. Money is integer cents (`…Cents`,
 * centsSchema), dates `yyyy-MM-dd`, times `HH:mm`. Derived tags (time of day, month, duration, weekdays) are computed
 * from the dates and never sent; staff choose the level and other tags.
 */

/** `draft`: neither listed nor sold (new items start so; unpublishing returns there). `cancelled`: courses only. */
export const catalogueStatuses = ['draft', 'published', 'cancelled'] as const;
export const catalogueStatusSchema = z.enum(catalogueStatuses);
export type CatalogueStatus = z.infer<typeof catalogueStatusSchema>;
/** Modules, products and package prices are published or not; they are never cancelled. */
export const publishStatusSchema = z.enum(['draft', 'published']);
export type PublishStatus = z.infer<typeof publishStatusSchema>;

/** Error codes of the catalogue calls. */
export const CatalogueErrorCode = {
  /** maxParticipants below the places booked or held (the field error says how many). */
  placesBelowBooked: 'PLACES_BELOW_BOOKED',
  /** A cancelled course cannot change any more. */
  courseCancelled: 'COURSE_CANCELLED',
  /** The identifier is taken by another item. */
  identifierTaken: 'IDENTIFIER_TAKEN',
  /** An import that was not a dry run found refusals: nothing was changed (the report says what and where). */
  importRefused: 'IMPORT_REFUSED',
} as const;

/** Identifiers are the import's key: letters, digits and `.`, `_`, `-`. */
export const catalogueIdentifierSchema = textSchema
  .trim()
  .min(1)
  .max(catalogTextLimits.identifier)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Letters, digits, ".", "_" and "-" only');
export const tagSlugSchema = textSchema
  .trim()
  .min(1)
  .max(catalogTextLimits.slug)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lower-case letters, digits and "-" only');
/** 0 = Monday … 6 = Sunday. */
export const weekdaySchema = z.number().int().min(0).max(6);

export const itemTextSchema = z.object({
  title: textSchema.trim().max(catalogTextLimits.title),
  pretitle: multilineTextSchema.max(catalogTextLimits.description).default(''),
  short: multilineTextSchema.max(catalogTextLimits.description).default(''),
});
/** Texts per language: German with a title is required, English and Spanish optional (the shop falls back to German). */
export const itemTextsSchema = z.object({
  de: itemTextSchema.extend({ title: textSchema.trim().min(1).max(catalogTextLimits.title) }),
  en: itemTextSchema.optional(),
  es: itemTextSchema.optional(),
});
export type ItemTexts = z.infer<typeof itemTextsSchema>;

/** A course as staff see it. `takenPlaces` = booked + held = maxParticipants − freePlaces. */
export const adminCourseSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  type: courseTypeSchema,
  status: catalogueStatusSchema,
  startDate: isoDateSchema,
  startTime: timeSchema.nullable(),
  endDate: isoDateSchema,
  endTime: timeSchema.nullable(),
  meetingDays: z.array(weekdaySchema),
  registrationDeadline: isoDateSchema,
  maxParticipants: z.number().int(),
  freePlaces: z.number().int(),
  takenPlaces: z.number().int(),
  /** Positions of orders that still stand (not cancelled, withdrawn or expired). */
  activeBookings: z.number().int(),
  priceCents: centsValueSchema,
  discountedPriceCents: centsValueSchema.nullable(),
  moduleIdentifier: z.string().nullable(),
  flexibleLearningCourseId: z.number().int().nullable(),
  /** Tags staff chose (level, collection, …). */
  tags: z.array(z.string()),
  /** Tags computed from the dates. */
  derivedTags: z.array(z.string()),
  texts: itemTextsSchema,
  /** Raised each time the booked course moved (its calendar event's SEQUENCE). */
  scheduleSequence: z.number().int(),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;

const courseFields = {
  identifier: catalogueIdentifierSchema,
  startDate: isoDateSchema,
  /** null: held by appointment within the dates. */
  startTime: timeSchema.nullable(),
  endDate: isoDateSchema,
  endTime: timeSchema.nullable(),
  /** The weekdays it meets on; its start date's when left out. */
  meetingDays: z.array(weekdaySchema).max(7).optional(),
  registrationDeadline: isoDateSchema,
  maxParticipants: z.number().int().min(1).max(10_000),
  priceCents: centsSchema,
  discountedPriceCents: centsSchema.nullable().default(null),
  /** The module of a flexible-learning appointment (its moduleIdentifier). */
  moduleIdentifier: catalogueIdentifierSchema.nullable().default(null),
  tags: z.array(tagSlugSchema).max(catalogTextLimits.tags).default([]),
  texts: itemTextsSchema,
};

/** createCourse: a new course starts as a draft with all its places free. */
export const createCourseBodySchema = z.object({ type: courseTypeSchema, ...courseFields }).strict();
export type CreateCourseBody = z.infer<typeof createCourseBodySchema>;

/** updateCourse: any of the fields; a change of dates, times or weekdays of a booked course is a move (mails). */
export const updateCourseBodySchema = z
  .object({
    identifier: courseFields.identifier,
    startDate: courseFields.startDate,
    startTime: courseFields.startTime,
    endDate: courseFields.endDate,
    endTime: courseFields.endTime,
    meetingDays: z.array(weekdaySchema).max(7),
    registrationDeadline: courseFields.registrationDeadline,
    maxParticipants: courseFields.maxParticipants,
    priceCents: centsSchema,
    discountedPriceCents: centsSchema.nullable(),
    moduleIdentifier: catalogueIdentifierSchema.nullable(),
    tags: z.array(tagSlugSchema).max(catalogTextLimits.tags),
    texts: itemTextsSchema,
  })
  .partial()
  .strict();
export type UpdateCourseBody = z.infer<typeof updateCourseBodySchema>;

export const listCoursesQuerySchema = pageQuerySchema.extend({
  q: searchTextSchema.optional(),
  status: catalogueStatusSchema.optional(),
  type: z.coerce.number().pipe(courseTypeSchema).optional(),
  /** Courses starting on or after / on or before. */
  startFrom: isoDateSchema.optional(),
  startTo: isoDateSchema.optional(),
  sort: z.enum(['startDate', '-startDate', 'identifier', '-identifier', 'id', '-id']).default('startDate'),
});
export type ListCoursesQuery = z.infer<typeof listCoursesQuerySchema>;
export const coursePageSchema = pageOf(adminCourseSchema);

export const cancelCourseBodySchema = z
  .object({
    /** Said in the mail to each buyer (optional). */
    reason: multilineTextSchema.max(1000).default(''),
  })
  .strict();
export const cancelCourseResultSchema = z.object({
  course: adminCourseSchema,
  /** Positions cancelled, buyers told, and cases opened for the owner (one per paid or pending position). */
  cancelledBookings: z.number().int(),
  mailsQueued: z.number().int(),
  casesOpened: z.number().int(),
});
export const updateCourseResultSchema = z.object({
  course: adminCourseSchema,
  /** True when the booked course moved: its participants and buyers were mailed with a new .ics. */
  moved: z.boolean(),
  mailsQueued: z.number().int(),
});

export const adminProductSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  status: publishStatusSchema,
  institutionId: z.number().int(),
  priceCents: centsValueSchema,
  discountedPriceCents: centsValueSchema.nullable(),
  tags: z.array(z.string()),
  texts: itemTextsSchema,
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const createProductBodySchema = z
  .object({
    identifier: catalogueIdentifierSchema,
    institutionId: z.number().int().min(1).max(1_000_000).default(1),
    priceCents: centsSchema,
    discountedPriceCents: centsSchema.nullable().default(null),
    tags: z.array(tagSlugSchema).max(catalogTextLimits.tags).default([]),
    texts: itemTextsSchema,
  })
  .strict();
export type CreateProductBody = z.infer<typeof createProductBodySchema>;
/** updateProduct: any field; `status` publishes or unpublishes it. */
export const updateProductBodySchema = z
  .object({
    identifier: catalogueIdentifierSchema,
    institutionId: z.number().int().min(1).max(1_000_000),
    priceCents: centsSchema,
    discountedPriceCents: centsSchema.nullable(),
    tags: z.array(tagSlugSchema).max(catalogTextLimits.tags),
    texts: itemTextsSchema,
    status: publishStatusSchema,
  })
  .partial()
  .strict();
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>;
export const listProductsQuerySchema = pageQuerySchema.extend({
  q: searchTextSchema.optional(),
  status: publishStatusSchema.optional(),
});
export const productPageSchema = pageOf(adminProductSchema);

export const adminPackagePriceSchema = z.object({
  /** `<type>-<amount>`, e.g. `conversation_hours-5`: the path id of updatePackagePrice. */
  id: z.string(),
  type: packageTypeSchema,
  /** Hours or modules; amount 1 is the unit price (a conversation hour's price). */
  amount: z.number().int(),
  priceCents: centsValueSchema,
  status: publishStatusSchema,
});
export type AdminPackagePrice = z.infer<typeof adminPackagePriceSchema>;
export const packagePriceIdPattern = /^(conversation_hours|flexible_learning)-([1-9]\d{0,3})$/;
export const packagePriceParamsSchema = z.object({
  id: z.string().regex(packagePriceIdPattern, 'Expected <type>-<amount>, e.g. conversation_hours-5'),
});
export const listPackagePricesQuerySchema = pageQuerySchema.extend({
  type: packageTypeSchema.optional(),
  status: publishStatusSchema.optional(),
});
export const packagePricePageSchema = pageOf(adminPackagePriceSchema);
/**
 * updatePackagePrice (PUT): sets the price and/or status of the package `<type>-<amount>`, creating it when new (a
 * draft unless `status` says otherwise; then `priceCents` is required).
 */
export const updatePackagePriceBodySchema = z
  .object({ priceCents: centsSchema, status: publishStatusSchema })
  .partial()
  .strict();

/** The import's files: CSV text per kind (the export's format). A kind left out is left alone. */
export const catalogueKinds = ['modules', 'courses', 'products', 'packagePrices'] as const;
export const catalogueKindSchema = z.enum(catalogueKinds);
export type CatalogueKind = z.infer<typeof catalogueKindSchema>;
/** File name of each kind in an export folder (and what an upload is matched by). */
export const catalogueFileNames: Record<CatalogueKind, string> = {
  modules: 'modules.csv',
  courses: 'courses.csv',
  products: 'products.csv',
  packagePrices: 'package-prices.csv',
};

const csvText = z.string().max(20_000_000);
export const importCatalogueBodySchema = z
  .object({
    /** true (the default): only report what would happen. */
    dryRun: z.boolean().default(true),
    files: z
      .object({ modules: csvText, courses: csvText, products: csvText, packagePrices: csvText })
      .partial()
      .strict()
      .refine((files) => Object.keys(files).length > 0, { message: 'At least one file' }),
  })
  .strict();
export type ImportCatalogueBody = z.infer<typeof importCatalogueBodySchema>;

export const importActionSchema = z.enum(['create', 'change', 'unchanged', 'delete']);
export const importRefusalSchema = z.object({
  file: z.string(),
  /** Line in the file (the header is line 1); 0 for the file as a whole. */
  line: z.number().int(),
  identifier: z.string().nullable(),
  reason: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  /** True when the import changed the catalogue (never for a dry run or one with refusals). */
  applied: z.boolean(),
  counts: z.record(
    catalogueKindSchema,
    z.object({
      created: z.number().int(),
      changed: z.number().int(),
      unchanged: z.number().int(),
      deleted: z.number().int(),
      refused: z.number().int(),
    }),
  ),
  /** What would change (or changed): every created, changed or deleted item; unchanged ones are only counted. */
  changes: z.array(
    z.object({
      kind: catalogueKindSchema,
      identifier: z.string(),
      action: importActionSchema,
      /** The columns that differ, for a change. */
      fields: z.array(z.string()),
    }),
  ),
  refusals: z.array(importRefusalSchema),
  /** Booked courses whose move or cancellation mailed their buyers and participants. */
  mailsQueued: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const exportCatalogueResultSchema = z.object({
  exportedAt: z.string(),
  /** File name → CSV text (UTF-8 with a byte-order mark, `;`-separated, header row). */
  files: z.record(z.string(), z.string()),
});
export const exportFileParamsSchema = z.object({ kind: catalogueKindSchema });

/** A flexible-learning module: its appointments are courses of type 2 naming its identifier. */
export const adminModuleSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  status: publishStatusSchema,
  texts: itemTextsSchema,
  /** Courses (appointments) that belong to it. */
  appointments: z.number().int(),
});
export type AdminModule = z.infer<typeof adminModuleSchema>;
export const listModulesQuerySchema = pageQuerySchema.extend({
  q: searchTextSchema.optional(),
  status: publishStatusSchema.optional(),
});
export const modulePageSchema = pageOf(adminModuleSchema);
/** createModule: a draft until published; its identifier is fixed once made (the appointments name it). */
export const createModuleBodySchema = z
  .object({ identifier: catalogueIdentifierSchema, texts: itemTextsSchema })
  .strict();
export const updateModuleBodySchema = z
  .object({ texts: itemTextsSchema, status: publishStatusSchema })
  .partial()
  .strict();

/** A tag. Derived ones (time of day, month, duration, weekday) follow from the dates and cannot be made by hand. */
export const adminTagSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  category: z.string(),
  slug: z.string(),
  position: z.number().int(),
  derived: z.boolean(),
  /** Courses and products carrying it. */
  uses: z.number().int(),
});
export type AdminTag = z.infer<typeof adminTagSchema>;
export const listTagsQuerySchema = pageQuerySchema.extend({ categoryId: z.coerce.number().int().optional() });
export const tagPageSchema = pageOf(adminTagSchema);
/** createTag: a new tag in a category staff choose from (level, collection, …); its label is the shop text `catalog.tags.<slug>`. */
export const createTagBodySchema = z.object({ categoryId: z.number().int().min(1), slug: tagSlugSchema }).strict();

// The cases of a cancelled course's positions are listed with every other case: see cases.ts.
