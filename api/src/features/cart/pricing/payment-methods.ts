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
  card: badge('VISA/MC', 'Card', '#1a1f71'),
  instant_bank_transfer: badge('Sofort', 'Instant bank transfer', '#1f2328'),
  klarna: badge('Klarna', 'Klarna', '#1f2328'),
  apple_pay: badge('Pay', 'Apple Pay', '#000000'),
};

const alwaysOffered = [PaymentMethodId.eps, PaymentMethodId.card, PaymentMethodId.instantBankTransfer, PaymentMethodId.klarna] as const;

/** The methods for a total (spec §4/§9): none when nothing is to be paid; Apple Pay only where the browser has it. */
export function paymentMethodsFor(totalCents: number, language: Language, applePayAvailable: boolean): PaymentMethod[] {
  if (totalCents <= 0) return [];
  const ids: PaymentMethodId[] = [...alwaysOffered, ...(applePayAvailable ? [PaymentMethodId.applePay] : [])];
  return ids.map((id) => ({ id, description: paymentMethodDescriptions[id][language], image: { svg: logos[id] } }));
}
