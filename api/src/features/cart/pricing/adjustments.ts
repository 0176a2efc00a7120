import { CourseType, QuantityAdjustmentReason, type QuantityAdjustment } from '@shop/shared/contract';
import type { CourseFacts } from './model.ts';

/**
 * A course staff took off sale (a draft again) or cancelled: not one of the contract's reasons yet, which is why the
 * contract keeps `reason` a string; the cart shows its own text for it.
 */
export const courseNotOffered = 'COURSE_NOT_OFFERED';

/**
 * The quantity a course can still be booked with (docs/product-rules.md#errors reasons): nothing after its registration deadline
 * or when it is fully booked, at most its free places otherwise. Never more than was asked for.
 */
export function adjustCourseQuantity(course: CourseFacts, requested: number, today: string): QuantityAdjustment | null {
  const adjust = (
    reason: QuantityAdjustmentReason | typeof courseNotOffered,
    adjustedQuantity: number,
  ): QuantityAdjustment => ({
    itemType: 'course',
    itemId: course.id,
    reason,
    adjustedQuantity,
    requestedQuantity: requested,
  });
  if (course.onSale === false) return adjust(courseNotOffered, 0);
  if (course.registrationDeadline < today) return adjust(QuantityAdjustmentReason.registrationDeadlinePassed, 0);
  if (course.freePlaces <= 0) return adjust(QuantityAdjustmentReason.courseFullyBooked, 0);
  if (course.freePlaces < requested) {
    // A flexible-learning appointment is booked per appointment; every other course per place.
    const reason =
      course.type === CourseType.flexibleAppointment
        ? QuantityAdjustmentReason.notEnoughAppointments
        : QuantityAdjustmentReason.notEnoughPlaces;
    return adjust(reason, course.freePlaces);
  }
  return null;
}
