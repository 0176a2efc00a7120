import type { PackageType } from '@shop/shared';

/** Text key of a package's name by type (literal keys, so the translation check sees each one); plural by amount. */
export const packageNameKey: Record<PackageType, string> = {
  conversation_hours: 'cartCheckout.package.conversation_hours',
  flexible_learning: 'cartCheckout.package.flexible_learning',
};
