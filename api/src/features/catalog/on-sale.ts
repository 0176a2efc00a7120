import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Only what staff published is listed and sold (docs/backoffice.md#catalogue): a course whose status is
 * `published` and, for a flexible-learning appointment, whose module is published too. Drafts (new or
 * unpublished items) and cancelled courses are neither listed, found, priced nor booked.
 */
export const courseOnSale = (eb: ExpressionBuilder<Database, 'course'>) =>
  eb.and([
    eb('course.status', '=', 'published'),
    eb.or([
      eb('course.flexible_learning_course_id', 'is', null),
      eb.exists(
        eb
          .selectFrom('flexible_learning_course as on_sale_module')
          .select('on_sale_module.id')
          .whereRef('on_sale_module.id', '=', 'course.flexible_learning_course_id')
          .where('on_sale_module.status', '=', 'published'),
      ),
    ]),
  ]);
