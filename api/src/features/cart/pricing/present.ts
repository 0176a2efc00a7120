import type { Language, PaymentMethodId, PriceResult, PriceResultItem } from '@shop/shared/contract';
import { centsToEuros, formatCents } from '@shop/shared/money';
import { discountRejectionMessage } from './messages.ts';
import type { PriceCalculation, PricedItem, PricingFacts } from './model.ts';
import { paymentMethodsFor } from './payment-methods.ts';

/** The calculation as the Price result of docs/product-rules.md#data: euros, translated messages, payment methods. */
export function toPriceResult(
  calculation: PriceCalculation,
  facts: Pick<PricingFacts, 'discountCodes'>,
  { locale, applePayAvailable }: { locale: Language; applePayAvailable: boolean },
  /** The methods the payment provider has enabled (all of the shop's list when omitted). */
  offeredMethods?: ReadonlySet<PaymentMethodId>,
): PriceResult {
  return {
    items: calculation.lines.map((line) => ({
      ...wireIdentity(line),
      appliedCredits: line.appliedCredits,
      quantity: line.quantity,
      finalPrice: centsToEuros(line.finalCents),
      unitPrice: centsToEuros(line.unitPriceCents),
      discountAmount: centsToEuros(line.discountCents),
      discountCodes: line.discountCodes,
    })),
    subtotal: centsToEuros(calculation.subtotalCents),
    totalPrice: centsToEuros(calculation.totalCents),
    paymentMethods: paymentMethodsFor(calculation.totalCents, locale, applePayAvailable, offeredMethods),
    discountCodesProvided: calculation.codes.map((outcome) => {
      const minimum = facts.discountCodes.get(outcome.code)?.minOrderCents;
      return {
        code: outcome.code,
        status: outcome.rejection ? 'invalid' : 'valid',
        totalDiscountAmount: centsToEuros(outcome.discountCents),
        errorMessage: outcome.rejection
          ? discountRejectionMessage(outcome.rejection, locale, minimum ? formatCents(minimum) : undefined)
          : null,
      };
    }),
    discountsApplied: calculation.codes
      .filter((outcome) => !outcome.rejection)
      .map((outcome) => ({ code: outcome.code, totalDiscountAmount: centsToEuros(outcome.discountCents) })),
    quantityAdjustments: calculation.adjustments,
  };
}

/** A line's identity in the wire's flat shape (docs/product-rules.md#data): `courseId` null beside the other ids. */
function wireIdentity(
  item: PricedItem,
): Pick<PriceResultItem, 'itemType' | 'courseId' | 'productId' | 'packageType' | 'amount'> {
  switch (item.itemType) {
    case 'course':
      return { itemType: 'course', courseId: item.courseId };
    case 'product':
      return { itemType: 'product', courseId: null, productId: item.productId };
    case 'package':
      return { itemType: 'package', courseId: null, packageType: item.packageType, amount: item.amount };
  }
}
