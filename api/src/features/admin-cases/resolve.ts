import { CaseErrorCode, type OrderCase } from '@shop/shared/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { closeCase } from '../cases/open.ts';
import { readCase } from './list.ts';

/** resolveCase: a person closes an open case with a note of what they did; before and after go to the audit log. */
export async function resolveCase(
  trx: Kysely<Database>,
  id: number,
  { note, staffId }: { note: string; staffId: number },
  now: Date,
): Promise<{ before: OrderCase; after: OrderCase }> {
  const before = await readCase(trx, id);
  if (!before) throw notFound(`Case ${id} not found`);
  if (!(await closeCase(trx, id, note, now, staffId)))
    throw new AppError(409, CaseErrorCode.caseClosed, `Case ${id} is closed already`);
  return { before, after: (await readCase(trx, id))! };
}
