import { pickText, type CartItem, type PackageCartItem, type PackageType } from '../contract/index.ts';
import { i18n } from '../i18n/index.ts';

/** Text key of a package's name by type, plural by amount (literal keys, so the translation check sees each one). */
const packageNameKeys: Record<PackageType, string> = {
  conversation_hours: 'common.packages.conversation_hours',
  flexible_learning: 'common.packages.flexible_learning',
};

/** What naming a line takes: a course's or product's titles; a package's type and amount (its stored title optional). */
export type NamedItem =
  | Extract<CartItem, { itemType: 'course' | 'product' }>
  | (Pick<PackageCartItem, 'itemType' | 'packageType' | 'amount'> & { packageDetails?: { title: string } });

/**
 * The display name of a line in `language`, for every screen that names one (cart, checkout summary, price
 * change, notifications). A package is named from its type and amount in that language, never from the title
 * stored with it: that was written in the language it was chosen in. The stored title is only the fallback for a
 * package type these texts do not know.
 */
export function cartItemName(item: NamedItem, language: string): string {
  if (item.itemType === 'course') return pickText(item.courseDetails.titles, language);
  if (item.itemType === 'product') return pickText(item.productDetails.titles, language);
  const key = Object.hasOwn(packageNameKeys, item.packageType) ? packageNameKeys[item.packageType] : undefined;
  if (key && i18n.exists(key, { lng: language, count: item.amount }))
    return i18n.t(key, { count: item.amount, lng: language });
  return item.packageDetails?.title ?? `${item.amount} × ${item.packageType}`;
}
