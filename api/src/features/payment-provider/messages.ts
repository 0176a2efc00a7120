import type { Language } from '@shop/shared/contract';

/**
 * `meta.message` of the 422 when the payment provider refuses the payment at submit (the details do not suit the
 * method): nothing was ordered; another method or a corrected address may do.
 */
export const paymentRefusedMessages: Record<Language, string> = {
  de: 'Die gewählte Zahlungsart hat die Bestellung nicht angenommen. Bitte wählen Sie eine andere Zahlungsart oder prüfen Sie Ihre Rechnungsadresse.',
  en: 'The chosen payment method did not accept the order. Please choose another payment method or check your billing address.',
  es: 'El método de pago elegido no ha aceptado el pedido. Elige otro método de pago o revisa tu dirección de facturación.',
};

/** `meta.message` of the 503 when the payment provider fails at submit: nothing was ordered, try again. */
export const providerUnavailableMessages: Record<Language, string> = {
  de: 'Der Zahlungsanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es erneut.',
  en: 'The payment provider cannot be reached right now. Please try again.',
  es: 'El proveedor de pagos no está disponible en este momento. Por favor, inténtalo de nuevo.',
};
