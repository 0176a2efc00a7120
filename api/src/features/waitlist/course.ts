import type { CourseType, Language } from '@shop/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WaitlistMailCourse } from './mails.ts';

/** The course as the waitlist's mails and pages name it: its title in `language` (German when missing). */
export async function courseForMail(
  db: Kysely<Database>,
  courseId: number,
  language: Language,
): Promise<WaitlistMailCourse | null> {
  const row = await db
    .selectFrom('course')
    .select(['type', 'start_date', 'start_time'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!row) return null;
  const titles = await db
    .selectFrom('course_text')
    .select(['language', 'title'])
    .where('course_id', '=', courseId)
    .execute();
  const title =
    titles.find((t) => t.language === language)?.title ??
    titles.find((t) => t.language === 'de')?.title ??
    titles[0]?.title ??
    '';
  return { type: row.type as CourseType, title, startDate: row.start_date, startTime: row.start_time };
}
