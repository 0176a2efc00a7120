import { successEnvelope } from '@shop/shared/contract';
import { auditLogPageSchema, listAuditLogQuerySchema } from '@shop/shared/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { currentStaff } from './access.ts';

/** One change, as the audit log keeps it. `before` and `after` are stored as JSON (null: none, e.g. a creation). */
export interface AuditChange {
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** What was done; the call's operationId when `audited` writes it. */
  action?: string;
}

/** Who made a change: a staff member, or the command line (`{ staffId: null, actor: 'cli' }`). */
export interface AuditActor {
  staffId: number | null;
  actor: string;
}

const asJson = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Appends one entry to the audit log with `kysely`, which should be the transaction that makes the change, so
 * that the change and its entry are committed together or not at all. The log is append-only: nothing updates
 * or deletes its rows (triggers refuse it), and the admin API has no call that would.
 */
export async function writeAudit(
  kysely: Kysely<Database>,
  actor: AuditActor,
  change: AuditChange & { action: string },
  now: Date,
): Promise<void> {
  await kysely
    .insertInto('audit_log')
    .values({
      at: now.toISOString(),
      staff_id: actor.staffId,
      actor: actor.actor,
      action: change.action,
      entity_type: change.entityType,
      entity_id: change.entityId === undefined || change.entityId === null ? null : String(change.entityId),
      before_json: asJson(change.before),
      after_json: asJson(change.after),
    })
    .execute();
}

export type Audit = (change: AuditChange) => Promise<void>;

/**
 * Runs an admin call's change in one transaction and hands it `audit`, which appends an entry in that same
 * transaction, naming the call's staff member and (unless `change.action` says otherwise) its operationId:
 *
 *   return audited(ctx, request, async (tx, audit) => {
 *     const before = await readThing(tx, id);
 *     const after = await writeThing(tx, id, request.body);
 *     await audit({ entityType: 'course', entityId: id, before, after });
 *     return { result: after };
 *   });
 *
 * `tx` is a Db on the transaction (`tx.kysely` for queries); use it, not ctx.db, for every read and write of the
 * change. A throw rolls back the change and its entry alike.
 */
export function audited<T>(
  ctx: AppContext,
  request: FastifyRequest,
  work: (tx: Db, audit: Audit) => Promise<T>,
): Promise<T> {
  const staff = currentStaff(request);
  const operation = request.routeOptions.schema?.operationId ?? `${request.method} ${request.routeOptions.url}`;
  return inTransaction(ctx.db, (tx) =>
    work(tx, (change) =>
      writeAudit(
        tx.kysely,
        { staffId: staff.id, actor: staff.email },
        { ...change, action: change.action ?? operation },
        ctx.now(),
      ),
    ),
  );
}

const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** `listAuditLog`: the log, newest first, filtered and paged. Read-only: the log has no other call. */
export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/audit-log',
      {
        config: { access: 'staff' },
        schema: {
          operationId: 'listAuditLog',
          summary: 'The audit log, newest first',
          tags: ['audit'],
          querystring: listAuditLogQuerySchema,
          response: { 200: successEnvelope(auditLogPageSchema) },
        },
      },
      async (request) => {
        const { page, perPage, order, entityType, entityId, actor, action, from, to } = request.query;
        let query = ctx.db.kysely.selectFrom('audit_log');
        if (entityType) query = query.where('entity_type', '=', entityType);
        if (entityId) query = query.where('entity_id', '=', entityId);
        if (actor) query = query.where('actor', '=', actor.toLowerCase());
        if (action) query = query.where('action', '=', action);
        if (from) query = query.where('at', '>=', new Date(from).toISOString());
        if (to) query = query.where('at', '<', new Date(to).toISOString());
        const { total } = await query
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow();
        const rows = await query
          .selectAll()
          .orderBy('id', order)
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute();
        return {
          result: {
            items: rows.map((row) => ({
              id: row.id,
              at: row.at,
              staffId: row.staff_id,
              actor: row.actor,
              action: row.action,
              entityType: row.entity_type,
              entityId: row.entity_id,
              before: parseJson(row.before_json),
              after: parseJson(row.after_json),
            })),
            total: Number(total),
            page,
            perPage,
          },
        };
      },
    );
  };
