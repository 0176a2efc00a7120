import { z } from 'zod';

/**
 * Who is in a course (listCourseParticipants, exportCourseParticipants): the booked places of paid orders, the
 * places unpaid orders hold and until when, and the waitlist in its order. The CSV export has the same rows.
 */
export const courseParticipantsSchema = z.object({
  course: z.object({
    id: z.number().int(),
    identifier: z.string(),
    title: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    maxParticipants: z.number().int(),
    freePlaces: z.number().int(),
  }),
  booked: z.array(
    z.object({
      participantId: z.number().int(),
      orderId: z.number().int(),
      incrementId: z.string(),
      orderStatus: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      birthYear: z.string().nullable(),
    }),
  ),
  /** Places of orders waiting for their payment: held until `holdExpiresAt`. */
  holds: z.array(
    z.object({
      participantId: z.number().int(),
      orderId: z.number().int(),
      incrementId: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
      holdExpiresAt: z.string().nullable(),
    }),
  ),
  /** Waiting or offered entries, first come first. */
  waitlist: z.array(
    z.object({
      position: z.number().int().positive(),
      email: z.string(),
      status: z.string(),
      createdAt: z.string(),
      offerExpiresAt: z.string().nullable(),
    }),
  ),
});
export type CourseParticipants = z.infer<typeof courseParticipantsSchema>;
