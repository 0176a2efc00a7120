import { CourseType } from '@shop/shared/contract';

let seq = 0;
export const uniqueId = (prefix = 'T') => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;

/** A valid createCourse body: a group course on Tuesdays and Thursdays in February, 10 places, 289 €. */
export function courseBody(over: Record<string, unknown> = {}) {
  return {
    type: CourseType.fullCourse,
    identifier: uniqueId('GK'),
    startDate: '2026-02-03',
    startTime: '18:30',
    endDate: '2026-03-26',
    endTime: '20:00',
    meetingDays: [1, 3],
    registrationDeadline: '2026-01-31',
    maxParticipants: 10,
    priceCents: 28900,
    tags: ['a1'],
    texts: {
      de: { title: 'Spanisch A1 – Abendkurs', pretitle: '8 Wochen', short: 'Für Einsteiger' },
      en: { title: 'Spanish A1 – evening course' },
    },
    ...over,
  };
}
