import { PriceChangeReason, type Language, type PriceChange, type PriceResult } from '@shop/shared/contract';
import { eurosToCents } from '@shop/shared/money';
import type { PricedCart } from '../cart/pricing/index.ts';

/**
 * The price at submit is not the one the buyer was shown: nothing was created (409 with the fresh price result
 * and the reasons). See docs/decisions/0006-charged-total.md.
 */
export class PriceChangedError extends Error {
  constructor(
    readonly priceResult: PriceResult,
    readonly reasons: PriceChange[],
    /**
     * The order's codes the shop does not know: the answer tells them apart from known ones, so they count
     * against the client's allowance of unknown codes before it is sent (docs/decisions/0072-discount-code-guessing.md).
     */
    readonly unknownCodes: readonly string[] = [],
  ) {
    super('The price changed since it was shown');
  }
}

/**
 * What differs between the order the buyer confirmed and the price just calculated: every code the order names
 * that does not apply (the order names only the codes the buyer saw applied, so even at an equal total this is
 * a change the buyer must see), and a total other than `expectedTotalPrice`, compared in whole cents. Empty when
 * the order may be charged as it is.
 */
export function priceChanges(expectedTotalPrice: number, { calculation, result }: PricedCart): PriceChange[] {
  const changes: PriceChange[] = result.discountCodesProvided
    .filter((provided) => provided.status !== 'valid')
    .map((provided) => ({
      reason: PriceChangeReason.discountCodeRejected,
      code: provided.code,
      message: provided.errorMessage ?? '',
    }));
  if (eurosToCents(expectedTotalPrice) !== calculation.totalCents) {
    changes.push({ reason: PriceChangeReason.totalChanged, expectedTotalPrice, totalPrice: result.totalPrice });
  }
  return changes;
}

/** The `meta.message` of the 409, for API clients that show the server's text. */
export const priceChangedMessages: Record<Language, string> = {
  de: 'Der Preis Ihrer Bestellung hat sich geändert. Bitte prüfen Sie den neuen Gesamtpreis und bestellen Sie erneut.',
  en: 'The price of your order has changed. Please check the new total and order again.',
  es: 'El precio de tu pedido ha cambiado. Por favor, revisa el nuevo total y vuelve a realizar el pedido.',
};
