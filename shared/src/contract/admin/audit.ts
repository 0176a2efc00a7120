import { z } from 'zod';
import { textSchema } from '../common.ts';
import { instantSchema, pageOf, pageQuerySchema, sortQuery } from './common.ts';

/** The audit log: every change through the admin API, who made it, when, and the entity before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: instantSchema,
  staffId: z.number().int().nullable(),
  /** The staff member's e-mail address, or `cli` for the command line. */
  actor: z.string(),
  /** The operationId of the change (`updateSchoolIdentity`) or a command (`cli:addStaff`). */
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Newest first unless `sort=at&order=asc`. */
export const listAuditLogQuerySchema = pageQuerySchema.extend({
  ...sortQuery(['at']),
  order: z.enum(['asc', 'desc']).default('desc'),
  entityType: textSchema.max(100).optional(),
  entityId: textSchema.max(200).optional(),
  actor: textSchema.max(254).optional(),
  action: textSchema.max(100).optional(),
  /** Entries at or after this instant. */
  from: instantSchema.optional(),
  /** Entries before this instant. */
  to: instantSchema.optional(),
});

export const auditLogPageSchema = pageOf(auditEntrySchema);
