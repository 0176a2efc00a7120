import {
  CourseType,
  PackageType,
  type CourseType as CourseTypeValue,
  type PackageType as PackageTypeValue,
} from '@shop/shared/contract';
import type { CustomerBalances } from './model.ts';

/** Which package type pays for which course type (docs/product-rules.md#states Cart: conversation hours, flexible-learning modules). */
const packageForCourseType: Partial<Record<CourseTypeValue, PackageTypeValue>> = {
  [CourseType.conversationHours]: PackageType.conversationHours,
  [CourseType.flexibleAppointment]: PackageType.flexibleLearning,
};

/**
 * Hands out package credits to course lines in cart order. Per type, what is available is the stored balance plus
 * the packages bought with this cart; each conversation course (or flexible appointment) takes one per place while
 * any is left, so the spec's "balance + packages in cart − courses in cart, floored at 0" never goes negative and
 * no line gets more credits than it has places. Guests (balances null) get none.
 */
export function creditAllocator(
  balances: CustomerBalances | null,
  packages: readonly { packageType: PackageTypeValue; amount: number; quantity: number }[],
) {
  const pool = new Map<PackageTypeValue, number>();
  if (balances) {
    pool.set(PackageType.conversationHours, balances.conversationHours);
    pool.set(PackageType.flexibleLearning, balances.flexibleModules);
    for (const pkg of packages) pool.set(pkg.packageType, (pool.get(pkg.packageType) ?? 0) + pkg.amount * pkg.quantity);
  }
  return (courseType: CourseTypeValue, quantity: number): number => {
    const type = packageForCourseType[courseType];
    if (!type) return 0;
    const available = Math.max(0, pool.get(type) ?? 0);
    const applied = Math.min(quantity, available);
    pool.set(type, available - applied);
    return applied;
  };
}
