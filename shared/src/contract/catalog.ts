import { z } from 'zod';
import {
  isoDateSchema,
  languageSchema,
  moneySchema,
  multilineTextSchema,
  queryIdSchema,
  textSchema,
  timeSchema,
} from './common.ts';

/** Product type ids of docs/product-rules.md#data: 1 full course, 2 flexible-learning appointment, 3 conversation hours. */
export const CourseType = {
  fullCourse: 1,
  flexibleAppointment: 2,
  conversationHours: 3,
} as const;
export const courseTypeSchema = z.union([
  z.literal(CourseType.fullCourse),
  z.literal(CourseType.flexibleAppointment),
  z.literal(CourseType.conversationHours),
]);
export type CourseType = z.infer<typeof courseTypeSchema>;

/**
 * The course range of the listings' filter (docs/product-rules.md#limits), in months from today: the options, and
 * the default a listing opens with. The level test recommends only courses its links' listings show (exam
 * recommendation in the API).
 */
export const courseRangeOptions = [3, 6, 9, 12] as const;
export type CourseRangeMonths = (typeof courseRangeOptions)[number];
export const defaultCourseRange: CourseRangeMonths = 3;

/** Tag category ids the spec fixes (level 3, weekday 6) and the others this shop uses. */
export const TagCategoryId = {
  time: 1,
  month: 2,
  level: 3,
  timeRange: 4,
  collection: 5,
  weekday: 6,
} as const;

/**
 * Upper bounds of a catalogue item's texts and lists. A cart carries the items it shows (and parks them with
 * POST /cart/sync), so these schemas are input as well; the bounds are far above the school's own data.
 */
export const catalogTextLimits = {
  identifier: 64,
  slug: 64,
  title: 300,
  description: 2000,
  texts: 12,
  tags: 50,
} as const;
const L = catalogTextLimits;

export const localizedTitleSchema = z.lazy(() =>
  z.object({ language: languageSchema, description: textSchema.max(L.title) }),
);
export const localizedDescriptionSchema = z.lazy(() =>
  z.object({
    language: languageSchema,
    type: z.enum(['pretitle', 'short']),
    description: multilineTextSchema.max(L.description),
  }),
);
export const courseTagSchema = z.lazy(() => z.object({ categoryId: z.number().int(), slug: textSchema.max(L.slug) }));

export const courseSchema = z.lazy(() =>
  z.object({
    id: z.number().int(),
    type: courseTypeSchema,
    identifier: textSchema.max(L.identifier),
    titles: z.array(localizedTitleSchema).max(L.texts),
    descriptions: z.array(localizedDescriptionSchema).max(L.texts),
    startDate: isoDateSchema,
    /** null when the course is held by appointment. */
    startTime: timeSchema.nullable(),
    endDate: isoDateSchema,
    endTime: timeSchema.nullable(),
    /** Last day on which the course can be booked. */
    registrationDeadline: isoDateSchema,
    maxParticipants: z.number().int().nonnegative(),
    freePlaces: z.number().int().nonnegative(),
    price: moneySchema,
    discountedPrice: moneySchema.nullable(),
    tags: z.array(courseTagSchema).max(L.tags),
    flexibleLearningCourseId: z.number().int().nullable(),
  }),
);
export type Course = z.infer<typeof courseSchema>;

export const tagSchema = z.lazy(() => z.object({ id: z.number().int(), slug: z.string(), selected: z.boolean() }));
export const tagCategorySchema = z.lazy(() =>
  z.object({
    id: z.number().int(),
    slug: z.string(),
    tags: z.array(tagSchema),
  }),
);
export type TagCategory = z.infer<typeof tagCategorySchema>;

/** One query value or a repeated one (`tags[]=a&tags[]=b`) both arrive as a list. */
const stringList = z.preprocess(
  (value) => (value === undefined || Array.isArray(value) ? value : [value]),
  z.array(textSchema.min(1).max(64)).max(50),
);

/**
 * Course search filter of docs/product-rules.md#data, #api-calls, as it arrives in a query string (numbers still strings).
 * `tags` are tag slugs; tags of one category match any, categories combine with AND.
 */
export const courseSearchQuerySchema = z.lazy(() =>
  z
    .object({
      tags: stringList.optional(),
      startDate: isoDateSchema.optional(),
      endDate: isoDateSchema.optional(),
      courseStartUntil: isoDateSchema.optional(),
      type: z.coerce.number().pipe(courseTypeSchema).optional(),
      priceMin: z.coerce.number().nonnegative().optional(),
      priceMax: z.coerce.number().nonnegative().optional(),
      page: z.coerce.number().int().positive().default(1),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      flexibleLearningId: queryIdSchema.optional(),
    })
    .strict(),
);
/** The filter as a client builds it (typed values; the query string turns them into text). */
export type CourseSearchFilter = Partial<z.output<typeof courseSearchQuerySchema>>;

export const courseSearchResultSchema = z.lazy(() =>
  z.object({
    items: z.array(courseSchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
  }),
);

export const courseTagsResultSchema = z.lazy(() => z.array(tagCategorySchema));

/** Localised title of a course/product in `language`, falling back to German, then to the first one. */
export function pickText<T extends { language: string; description: string }>(
  texts: readonly T[],
  language: string,
): string {
  return (
    (texts.find((t) => t.language === language) ?? texts.find((t) => t.language === 'de') ?? texts[0])?.description ??
    ''
  );
}

/** Package types of docs/product-rules.md#overview, #limits: prepaid conversation hours or flexible-learning modules. */
export const PackageType = { conversationHours: 'conversation_hours', flexibleLearning: 'flexible_learning' } as const;
export const packageTypeSchema = z.enum([PackageType.conversationHours, PackageType.flexibleLearning]);
export type PackageType = z.infer<typeof packageTypeSchema>;

/** Package price of docs/product-rules.md#data: the price of `amount` hours/modules of `type`. */
export const packagePriceSchema = z.lazy(() =>
  z.object({
    type: packageTypeSchema,
    amount: z.number().int().positive(),
    price: moneySchema,
  }),
);
export type PackagePrice = z.infer<typeof packagePriceSchema>;
/** GET /course/price-config: every package price, ordered by type, then amount. */
export const priceConfigSchema = z.lazy(() => z.array(packagePriceSchema));

/**
 * The unit price of a type (docs/product-rules.md#prices-and-vat: a conversation hour costs the package price of
 * amount 1), or null when the price list has no package of amount 1. The server applies the rule itself: the
 * course search already gives conversation courses this price, and the cart's price result charges it; a
 * conversation course without such a package keeps its own price there.
 */
export function packageUnitPrice(prices: readonly PackagePrice[], type: PackageType): number | null {
  return prices.find((p) => p.type === type && p.amount === 1)?.price ?? null;
}

/**
 * Flexible learning course of docs/product-rules.md#data: a weekly module (`moduleIdentifier`, e.g. "A1.1") with its texts, its
 * level tags, and `courses`, the bookable appointments (courses of type 2), upcoming ones in date order.
 */
export const flexibleLearningCourseSchema = z.lazy(() =>
  z.object({
    id: z.number().int(),
    moduleIdentifier: z.string(),
    titles: z.array(localizedTitleSchema),
    descriptions: z.array(localizedDescriptionSchema),
    tags: z.array(courseTagSchema),
    courses: z.array(courseSchema),
  }),
);
export type FlexibleLearningCourse = z.infer<typeof flexibleLearningCourseSchema>;
export const flexibleLearningListSchema = z.lazy(() => z.array(flexibleLearningCourseSchema));
