import { PaymentMethodId, type Language, type PaymentMethod } from '@shop/shared/contract';
import { paymentMethodDescriptions } from './messages.ts';

/**
 * Simple neutral badges (not the providers' trademarks): a rounded box with the method's short name, so the
 * list reads well without assets from third parties. Each has a title for assistive technology.
 */
function badge(label: string, title: string, colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 40" width="64" height="40" role="img">` +
    `<title>${title}</title><rect x="1" y="1" width="62" height="38" rx="6" fill="#fff" stroke="${colour}" stroke-width="2"/>` +
    `<text x="32" y="25" font-family="Arial, sans-serif" font-size="12" font-weight="700" text-anchor="middle" fill="${colour}">${label}</text></svg>`
  );
}

const logos: Record<PaymentMethodId, string> = {
  eps: badge('eps', 'EPS', '#c8036f'),
  creditcard: badge('VISA/MC', 'Card', '#1a1f71'),
  paybybank: badge('Bank', 'Pay by Bank', '#1f2328'),
  klarna: badge('Klarna', 'Klarna', '#1f2328'),
  applepay: badge('Pay', 'Apple Pay', '#000000'),
};

/** The shop's list in its order (docs/product-rules.md#limits); Apple Pay last and only where the browser has it. */
export const shopPaymentMethods: readonly PaymentMethodId[] = [
  PaymentMethodId.eps,
  PaymentMethodId.card,
  PaymentMethodId.instantBankTransfer,
  PaymentMethodId.klarna,
  PaymentMethodId.applePay,
];

/**
 * The methods for a total (docs/product-rules.md#states, #limits): none when nothing is to be paid; Apple Pay only where the browser has it;
 * of the shop's list only those the payment provider has enabled (`offered`; all when it cannot tell).
 */
export function paymentMethodsFor(
  totalCents: number,
  language: Language,
  applePayAvailable: boolean,
  offered: ReadonlySet<PaymentMethodId> = new Set(shopPaymentMethods),
): PaymentMethod[] {
  if (totalCents <= 0) return [];
  const ids = shopPaymentMethods.filter(
    (id) => offered.has(id) && (id !== PaymentMethodId.applePay || applePayAvailable),
  );
  return ids.map((id) => ({ id, description: paymentMethodDescriptions[id][language], image: { svg: logos[id] } }));
}
