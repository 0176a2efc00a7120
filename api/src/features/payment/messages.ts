import type { Language } from '@shop/shared/contract';

/** `meta.message` of the 503 when the payment provider fails at submit: nothing was ordered, try again. */
export const providerUnavailableMessages: Record<Language, string> = {
  de: 'Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es erneut.',
  en: 'The payment provider cannot be reached right now. Please try again.',
  es: 'El proveedor de pagos no está disponible en este momento. Por favor, inténtalo de nuevo.',
};
