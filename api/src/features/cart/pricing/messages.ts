import type { Language, PaymentMethodId } from '@shop/shared/contract';
import type { DiscountRejection } from './model.ts';

/** Why a discount code does not apply, in the request's language (the cart shows it under the code box). */
export const discountRejectionMessages: Record<DiscountRejection, Record<Language, string>> = {
  unknown: {
    de: 'Diesen Gutscheincode gibt es nicht.',
    en: 'This discount code does not exist.',
    es: 'Este código de descuento no existe.',
  },
  not_started: {
    de: 'Dieser Gutscheincode ist noch nicht gültig.',
    en: 'This discount code is not valid yet.',
    es: 'Este código de descuento todavía no es válido.',
  },
  expired: {
    de: 'Dieser Gutscheincode ist abgelaufen.',
    en: 'This discount code has expired.',
    es: 'Este código de descuento ha caducado.',
  },
  used_up: {
    de: 'Dieser Gutscheincode wurde bereits so oft wie möglich eingelöst.',
    en: 'This discount code has already been used as often as allowed.',
    es: 'Este código de descuento ya se ha canjeado el máximo de veces permitido.',
  },
  minimum_not_reached: {
    de: 'Der Mindestbestellwert für diesen Gutscheincode ist noch nicht erreicht.',
    en: 'Your order has not reached the minimum value for this discount code.',
    es: 'Tu pedido aún no alcanza el importe mínimo para este código de descuento.',
  },
  not_applicable: {
    de: 'Dieser Gutscheincode gilt für keinen Artikel in Ihrem Warenkorb.',
    en: 'This discount code does not apply to any item in your cart.',
    es: 'Este código de descuento no se aplica a ningún artículo de tu cesta.',
  },
};

/** What the code box shows when a client tried too many unknown codes (code-guesses.ts, 429). */
export const tooManyUnknownCodesMessages: Record<Language, string> = {
  de: 'Zu viele unbekannte Gutscheincodes. Bitte entfernen Sie den Code oder versuchen Sie es später erneut.',
  en: 'Too many unknown discount codes. Please remove the code or try again later.',
  es: 'Demasiados códigos de descuento desconocidos. Elimina el código o inténtalo más tarde.',
};

/** Minimum order value appended to its message, formatted the shop's way (German money format for every language). */
export function discountRejectionMessage(rejection: DiscountRejection, language: Language, minimum?: string): string {
  const text = discountRejectionMessages[rejection][language];
  if (rejection !== 'minimum_not_reached' || !minimum) return text;
  const label = { de: 'Mindestbestellwert', en: 'Minimum order value', es: 'Importe mínimo' }[language];
  return `${text} (${label}: ${minimum})`;
}

export const paymentMethodDescriptions: Record<PaymentMethodId, Record<Language, string>> = {
  eps: { de: 'EPS-Online-Überweisung', en: 'EPS online banking', es: 'Transferencia online EPS' },
  creditcard: { de: 'Kredit- oder Debitkarte', en: 'Credit or debit card', es: 'Tarjeta de crédito o débito' },
  paybybank: {
    de: 'Pay by Bank (Echtzeit-Überweisung)',
    en: 'Pay by Bank (instant bank transfer)',
    es: 'Pay by Bank (transferencia bancaria inmediata)',
  },
  klarna: { de: 'Klarna', en: 'Klarna', es: 'Klarna' },
  applepay: { de: 'Apple Pay', en: 'Apple Pay', es: 'Apple Pay' },
};
