import { PackageType, type NewPackageItem, type PackagePrice } from '@shop/shared';

/** The package types in the order the page shows them (docs/product-rules.md#overview). */
export const packageTypes = [PackageType.conversationHours, PackageType.flexibleLearning] as const;

/** A type's packages, smallest amount first, as the price list gives them (GET /course/price-config). */
export function packagesOfType(prices: readonly PackagePrice[], type: PackageType): PackagePrice[] {
  return prices.filter((price) => price.type === type).sort((a, b) => a.amount - b.amount);
}

/**
 * The price of one hour or module in a package, in EUR; formatMoney rounds it to cents. Shown beside the
 * package price so packages of different sizes can be compared.
 */
export const unitPriceOf = (price: PackagePrice): number => price.price / price.amount;

/** The cart item for a package bought on its own page: the same shape as the cart's package offer puts in. */
export function packageCartItem(price: PackagePrice, title: string, description: string): NewPackageItem {
  return {
    itemType: 'package',
    quantity: 1,
    packageType: price.type,
    amount: price.amount,
    packageDetails: { title, type: price.type, price: price.price, discountedPrice: null, description },
  };
}
