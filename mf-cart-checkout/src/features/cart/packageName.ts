import { cartItemName, type PackageType } from '@shop/shared';

/**
 * A package's name in `language` by type and amount ("5 Konversationsstunden"), for offers and order positions
 * that are no cart line yet: the one naming of `cartItemName` in @shop/shared, whose texts (`common.packages.*`)
 * every screen shares, so the cart, the checkout and the notices name a package alike in the current language.
 */
export const packageName = (packageType: PackageType, amount: number, language: string): string =>
  cartItemName({ itemType: 'package', packageType, amount }, language);
