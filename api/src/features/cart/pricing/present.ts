import type { Language, PaymentMethodId, PriceResult } from '@shop/shared/contract';
import { centsToEuro } from '../../../lib/money.ts';
import { discountRejectionMessage } from './messages.ts';
import type { PriceCalculation, PricingFacts } from './model.ts';
import { paymentMethodsFor } from './payment-methods.ts';

/** German money text for a message ("200 €", "12,50 €"), the shop's format in every language. */
const wholeEuros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0 });
const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
const euroText = (cents: number) => (cents % 100 === 0 ? wholeEuros : euros).format(cents / 100);

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
      itemType: line.itemType,
      courseId: line.courseId,
      ...(line.productId !== undefined ? { productId: line.productId } : {}),
      ...(line.packageType !== undefined ? { packageType: line.packageType, amount: line.amount } : {}),
      appliedCredits: line.appliedCredits,
      quantity: line.quantity,
      finalPrice: centsToEuro(line.finalCents),
      unitPrice: centsToEuro(line.unitPriceCents),
      discountAmount: centsToEuro(line.discountCents),
      discountCodes: line.discountCodes,
    })),
    subtotal: centsToEuro(calculation.subtotalCents),
    totalPrice: centsToEuro(calculation.totalCents),
    paymentMethods: paymentMethodsFor(calculation.totalCents, locale, applePayAvailable, offeredMethods),
    discountCodesProvided: calculation.codes.map((outcome) => {
      const minimum = facts.discountCodes.get(outcome.code)?.minOrderCents;
      return {
        code: outcome.code,
        status: outcome.rejection ? 'invalid' : 'valid',
        totalDiscountAmount: centsToEuro(outcome.discountCents),
        errorMessage: outcome.rejection
          ? discountRejectionMessage(outcome.rejection, locale, minimum ? euroText(minimum) : undefined)
          : null,
      };
    }),
    discountsApplied: calculation.codes
      .filter((outcome) => !outcome.rejection)
      .map((outcome) => ({ code: outcome.code, totalDiscountAmount: centsToEuro(outcome.discountCents) })),
    quantityAdjustments: calculation.adjustments,
  };
}
