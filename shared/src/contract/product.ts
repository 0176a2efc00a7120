import { z } from 'zod';
import { catalogTextLimits, courseTagSchema, localizedDescriptionSchema, localizedTitleSchema } from './catalog.ts';
import { moneySchema, queryIdSchema } from './common.ts';

/** Product of docs/product-rules.md#data (e.g. individual DELE/SIELE exam preparation); texts and tags shaped like a course's. */
export const productSchema = z.lazy(() =>
  z.object({
    id: z.number().int(),
    institutionId: z.number().int(),
    titles: z.array(localizedTitleSchema).max(catalogTextLimits.texts),
    descriptions: z.array(localizedDescriptionSchema).max(catalogTextLimits.texts),
    tags: z.array(courseTagSchema).max(catalogTextLimits.tags),
    price: moneySchema,
    discountedPrice: moneySchema.nullable(),
  }),
);
export type Product = z.infer<typeof productSchema>;

/** One id or a repeated one (`tags[]=3&tags[]=4`) both arrive as a list of integers. */
const idList = z.preprocess(
  (value) => (value === undefined || Array.isArray(value) ? value : [value]),
  z.array(queryIdSchema).max(50),
);

/**
 * Product search of docs/product-rules.md#api-calls as it arrives in a query string. `tags` are tag ids (the course search takes
 * slugs); as there, tags of one category match any and categories combine with AND.
 */
export const productSearchQuerySchema = z.lazy(() =>
  z
    .object({
      tags: idList.optional(),
      institutionId: queryIdSchema.optional(),
      productId: queryIdSchema.optional(),
      page: z.coerce.number().int().positive().default(1),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    })
    .strict(),
);
export type ProductSearchFilter = Partial<z.output<typeof productSearchQuerySchema>>;

export const productSearchResultSchema = z.lazy(() =>
  z.object({
    items: z.array(productSchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
  }),
);
