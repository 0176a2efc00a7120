import type { Country, ValidationCode } from '@shop/shared';

/**
 * Text keys by value, written out so every key is a literal (the translation-key check finds literals; a table
 * also makes a missing value a type error instead of a raw key on screen).
 */
export const countryKeys: Record<Country, string> = {
  DE: 'cartCheckout.checkout.countries.DE',
  AT: 'cartCheckout.checkout.countries.AT',
  CH: 'cartCheckout.checkout.countries.CH',
  FR: 'cartCheckout.checkout.countries.FR',
  IT: 'cartCheckout.checkout.countries.IT',
  ES: 'cartCheckout.checkout.countries.ES',
  NL: 'cartCheckout.checkout.countries.NL',
  BE: 'cartCheckout.checkout.countries.BE',
  PL: 'cartCheckout.checkout.countries.PL',
  CZ: 'cartCheckout.checkout.countries.CZ',
};

/** The checkout's validation messages by the contract's codes; any other code reads as "invalid". */
export const validationKeys: Partial<Record<ValidationCode, string>> = {
  required: 'cartCheckout.checkout.validation.required',
  email: 'cartCheckout.checkout.validation.email',
  too_long: 'cartCheckout.checkout.validation.too_long',
  zip: 'cartCheckout.checkout.validation.zip',
  phone: 'cartCheckout.checkout.validation.phone',
  birth_year: 'cartCheckout.checkout.validation.birth_year',
  country: 'cartCheckout.checkout.validation.country',
  control_characters: 'cartCheckout.checkout.validation.control_characters',
  early_start_required: 'cartCheckout.checkout.earlyStart.required',
  participant_count: 'cartCheckout.checkout.validation.participant_count',
};
export const invalidKey = 'cartCheckout.checkout.validation.invalid';
