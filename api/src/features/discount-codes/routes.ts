import { successEnvelope } from '@shop/shared/contract';
import {
  AdminErrorCode,
  createDiscountCodeRequestSchema,
  discountCodeItemSchema,
  discountCodePageSchema,
  discountCodeParamsSchema,
  discountCodeRulesSchema,
  listDiscountCodesQuerySchema,
  updateDiscountCodeRequestSchema,
  type DiscountCodeItem,
} from '@shop/shared/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { DiscountCodeTable } from '../../db/cart-schema.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { audited } from '../staff/audit.ts';

type Row = Selectable<DiscountCodeTable> & { uses: number | string };

const itemTypesOf = (text: string | null) =>
  text === null ? null : (text.split(',').filter(Boolean) as NonNullable<DiscountCodeItem['itemTypes']>);

function itemOf(row: Row): DiscountCodeItem {
  return {
    id: row.id,
    code: row.code,
    kind: row.percent_off !== null ? 'percent' : 'fixed',
    percentOff: row.percent_off,
    amountOffCents: row.amount_off_cents,
    minOrderCents: row.min_order_cents,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    usageLimit: row.usage_limit,
    usageLimitPerCustomer: row.usage_limit_per_customer,
    itemTypes: itemTypesOf(row.item_types),
    active: row.active === 1,
    uses: Number(row.uses),
  };
}

function codesWithUses(kysely: Kysely<Database>) {
  return kysely
    .selectFrom('discount_code')
    .selectAll('discount_code')
    .select((eb) =>
      eb
        .selectFrom('discount_code_usage')
        .whereRef('discount_code_usage.discount_code_id', '=', 'discount_code.id')
        .select((u) => u.fn.countAll<number | string>().as('n'))
        .as('uses'),
    );
}

async function readCode(kysely: Kysely<Database>, id: number): Promise<DiscountCodeItem | undefined> {
  const row = await codesWithUses(kysely).where('discount_code.id', '=', id).executeTakeFirst();
  return row ? itemOf(row as Row) : undefined;
}

type Rules = Omit<DiscountCodeItem, 'id' | 'code' | 'uses'>;
const columnsOf = (rules: Rules) => ({
  percent_off: rules.kind === 'percent' ? rules.percentOff : null,
  amount_off_cents: rules.kind === 'fixed' ? rules.amountOffCents : null,
  min_order_cents: rules.minOrderCents,
  valid_from: rules.validFrom && new Date(rules.validFrom).toISOString(),
  valid_until: rules.validUntil && new Date(rules.validUntil).toISOString(),
  usage_limit: rules.usageLimit,
  usage_limit_per_customer: rules.usageLimitPerCustomer,
  item_types: rules.itemTypes === null ? null : [...new Set(rules.itemTypes)].join(','),
  active: rules.active ? 1 : 0,
});

/**
 * listDiscountCodes, createDiscountCode, updateDiscountCode: the codes the cart's pricing applies
 * (features/cart/pricing), with how often each was used. A code is switched off, never deleted: orders name it.
 */
export const discountCodeAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['discount codes'];
    const staff = { access: 'staff' as const };

    app.get(
      '/discount-codes',
      {
        config: staff,
        schema: {
          operationId: 'listDiscountCodes',
          summary: 'Discount codes with their rules and how often each was used',
          tags,
          querystring: listDiscountCodesQuerySchema,
          response: { 200: successEnvelope(discountCodePageSchema) },
        },
      },
      async (request) => {
        const { page, perPage, sort = 'code', order, q, active } = request.query;
        let query = codesWithUses(ctx.db.kysely);
        if (q) query = query.where('discount_code.code', 'like', `%${q.toUpperCase().replace(/[%_\\]/g, '\\$&')}%`);
        if (active !== undefined) query = query.where('discount_code.active', '=', active ? 1 : 0);
        const rows = (await query.execute()) as Row[];
        const items = rows.map(itemOf);
        const key = (item: DiscountCodeItem) =>
          sort === 'uses' ? item.uses : sort === 'validUntil' ? (item.validUntil ?? '9999') : item.code;
        items.sort((a, b) => {
          const [x, y] = [key(a), key(b)];
          const compared = x < y ? -1 : x > y ? 1 : a.id - b.id;
          return order === 'desc' ? -compared : compared;
        });
        return {
          result: { items: items.slice((page - 1) * perPage, page * perPage), total: items.length, page, perPage },
        };
      },
    );

    app.get(
      '/discount-codes/:id',
      {
        config: staff,
        schema: {
          operationId: 'getDiscountCode',
          summary: 'One discount code',
          tags,
          params: discountCodeParamsSchema,
          response: { 200: successEnvelope(discountCodeItemSchema) },
        },
      },
      async (request) => {
        const item = await readCode(ctx.db.kysely, request.params.id);
        if (!item) throw notFound(`No discount code ${request.params.id}`);
        return { result: item };
      },
    );

    app.post(
      '/discount-codes',
      {
        config: staff,
        schema: {
          operationId: 'createDiscountCode',
          summary: 'Create a discount code',
          tags,
          body: createDiscountCodeRequestSchema,
          response: { 200: successEnvelope(discountCodeItemSchema) },
        },
      },
      async (request) => {
        const { code, ...rules } = request.body;
        const result = await audited(ctx, request, async (tx, audit) => {
          const taken = await tx.kysely
            .selectFrom('discount_code')
            .select('id')
            .where('code', '=', code)
            .executeTakeFirst();
          if (taken) throw new AppError(409, AdminErrorCode.conflict, `The code ${code} exists`, { code: 'taken' });
          const { id } = await tx.kysely
            .insertInto('discount_code')
            .values({ code, ...columnsOf(rules) })
            .returning('id')
            .executeTakeFirstOrThrow();
          const after = (await readCode(tx.kysely, id))!;
          await audit({ entityType: 'discount_code', entityId: id, after });
          return after;
        });
        return { result };
      },
    );

    app.patch(
      '/discount-codes/:id',
      {
        config: staff,
        schema: {
          operationId: 'updateDiscountCode',
          summary: 'Change the rules of a discount code, or switch it off or on (active)',
          tags,
          params: discountCodeParamsSchema,
          body: updateDiscountCodeRequestSchema,
          response: { 200: successEnvelope(discountCodeItemSchema) },
        },
      },
      async (request) => {
        const result = await audited(ctx, request, async (tx, audit) => {
          const before = await readCode(tx.kysely, request.params.id);
          if (!before) throw notFound(`No discount code ${request.params.id}`);
          const { id: _id, code: _code, uses: _uses, ...current } = before;
          const merged = { ...current, ...request.body };
          // Switching the kind drops the other kind's value unless the request sets it.
          if (request.body.kind === 'percent' && request.body.amountOffCents === undefined)
            merged.amountOffCents = null;
          if (request.body.kind === 'fixed' && request.body.percentOff === undefined) merged.percentOff = null;
          const checked = discountCodeRulesSchema.safeParse(merged);
          if (!checked.success) {
            const fields = Object.fromEntries(
              checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
            );
            throw new AppError(400, 'VALIDATION_ERROR', 'Invalid body', fields);
          }
          await tx.kysely
            .updateTable('discount_code')
            .set(columnsOf(checked.data))
            .where('id', '=', before.id)
            .execute();
          const after = (await readCode(tx.kysely, before.id))!;
          await audit({ entityType: 'discount_code', entityId: before.id, before, after });
          return after;
        });
        return { result };
      },
    );
  };
