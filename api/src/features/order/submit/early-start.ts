import { contractDateOf, earlyStartRequiredCode, ErrorCode, needsEarlyStartRequest } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';

/**
 * A course that starts before the withdrawal period of this contract would end may only be ordered with the
 * consumer's express request to begin early (the form asks; this holds for any client). docs/withdrawal-rules.md
 */
export async function requireEarlyStartRequest(
  trx: Kysely<Database>,
  courseIds: number[],
  requested: boolean,
  now: Date,
): Promise<void> {
  if (requested || courseIds.length === 0) return;
  const courses = await trx.selectFrom('course').select('start_date').where('id', 'in', courseIds).execute();
  if (
    needsEarlyStartRequest(
      courses.map((course) => course.start_date),
      contractDateOf(now),
    )
  ) {
    throw new AppError(400, ErrorCode.validation, 'Invalid body', { earlyStartRequested: earlyStartRequiredCode });
  }
}
