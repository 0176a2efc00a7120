import { z } from 'zod';
import { textSchema } from '../common.ts';
import {
  centsValueSchema,
  idParamsSchema,
  positiveCentsSchema,
  instantSchema,
  pageOf,
  pageQuerySchema,
  searchTextSchema,
  sortQuery,
} from './common.ts';

/**
 * Discount codes (listDiscountCodes, createDiscountCode, updateDiscountCode) with every rule the pricing knows:
 * a percentage or a fixed amount, a minimum order, a validity window, a usage limit in all and per customer (1:
 * once per customer), the item types it applies to, and whether it is active. Money is integer cents (`…Cents`).
 */
export const discountItemTypes = ['course', 'product', 'package'] as const;

/** Letters, digits, "-" and "_", at most 20; stored and matched in upper case. */
export const discountCodeSchema = textSchema
  .trim()
  .toUpperCase()
  .min(1, 'required')
  .max(20, 'too_long')
  .regex(/^[A-Z0-9_-]+$/, 'code_characters');

const count = z.number().int('integer').min(1, 'positive').max(1_000_000, 'too_large');

const codeRules = {
  kind: z.enum(['percent', 'fixed']),
  /** 1–100, with kind `percent`. */
  percentOff: z.number().int('integer').min(1, 'percent').max(100, 'percent').nullable(),
  /** Cents, with kind `fixed`. */
  amountOffCents: positiveCentsSchema.nullable(),
  /** The subtotal (cents) an order must reach; null: none. */
  minOrderCents: positiveCentsSchema.nullable(),
  /** Valid from (inclusive) until (exclusive); null: open-ended. */
  validFrom: instantSchema.nullable(),
  validUntil: instantSchema.nullable(),
  /** Uses in all; null: unlimited. */
  usageLimit: count.nullable(),
  /** Uses per customer (1: once per customer); null: unlimited. */
  usageLimitPerCustomer: count.nullable(),
  /** The item types it takes off; null: every item. */
  itemTypes: z.array(z.enum(discountItemTypes)).min(1, 'required').nullable(),
  active: z.boolean(),
};

type Rules = { [K in keyof typeof codeRules]: z.infer<(typeof codeRules)[K]> };

/** The rules that span fields, as field errors. */
function checkRules(value: Partial<Rules>, context: z.RefinementCtx) {
  if (value.kind === 'percent') {
    if (value.percentOff == null) context.addIssue({ code: 'custom', path: ['percentOff'], message: 'required' });
    if (value.amountOffCents != null)
      context.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'not_with_percent' });
  }
  if (value.kind === 'fixed') {
    if (value.amountOffCents == null)
      context.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'required' });
    if (value.percentOff != null) context.addIssue({ code: 'custom', path: ['percentOff'], message: 'not_with_fixed' });
  }
  if (value.validFrom && value.validUntil && value.validUntil <= value.validFrom) {
    context.addIssue({ code: 'custom', path: ['validUntil'], message: 'until_before_from' });
  }
}

export const createDiscountCodeRequestSchema = z
  .object({
    code: discountCodeSchema,
    kind: codeRules.kind,
    percentOff: codeRules.percentOff.default(null),
    amountOffCents: codeRules.amountOffCents.default(null),
    minOrderCents: codeRules.minOrderCents.default(null),
    validFrom: codeRules.validFrom.default(null),
    validUntil: codeRules.validUntil.default(null),
    usageLimit: codeRules.usageLimit.default(null),
    usageLimitPerCustomer: codeRules.usageLimitPerCustomer.default(null),
    itemTypes: codeRules.itemTypes.default(null),
    active: codeRules.active.default(true),
  })
  .strict()
  .superRefine(checkRules);

/** Any of the rules (the code itself stays: orders name it). Checked together with the code's other rules. */
export const updateDiscountCodeRequestSchema = z.object(codeRules).partial().strict();
/** The code's rules after an update, checked as a whole (the API answers field errors of this). */
export const discountCodeRulesSchema = z.object(codeRules).superRefine(checkRules);

export const discountCodeItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  ...codeRules,
  percentOff: z.number().int().nullable(),
  amountOffCents: centsValueSchema.nullable(),
  minOrderCents: centsValueSchema.nullable(),
  usageLimit: z.number().int().nullable(),
  usageLimitPerCustomer: z.number().int().nullable(),
  /** How often it was used (orders that hold it, including unpaid ones still holding it). */
  uses: z.number().int(),
});
export type DiscountCodeItem = z.infer<typeof discountCodeItemSchema>;

export const listDiscountCodesQuerySchema = pageQuerySchema.extend({
  ...sortQuery(['code', 'validUntil', 'uses']),
  /** Part of the code. */
  q: searchTextSchema.optional(),
  active: z.stringbool().optional(),
});
export const discountCodePageSchema = pageOf(discountCodeItemSchema);
export const discountCodeParamsSchema = idParamsSchema;
