import {
  CourseType,
  PackageType,
  type CourseType as CourseTypeValue,
  type PackageType as PackageTypeValue,
} from '@shop/shared/contract';

/** Balance type id (docs/product-rules.md#data Balance: product type ids) of a package type. */
export const balanceTypeOfPackage: Record<PackageTypeValue, number> = {
  [PackageType.conversationHours]: CourseType.conversationHours,
  [PackageType.flexibleLearning]: CourseType.flexibleAppointment,
};

/** Balance type a course's places are paid from with credits; null for courses credits never pay. */
export function balanceTypeOfCourse(type: CourseTypeValue): number | null {
  return type === CourseType.conversationHours || type === CourseType.flexibleAppointment ? type : null;
}
