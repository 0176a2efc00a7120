import { create } from 'zustand';
import {
  discountCodeMaxLength,
  discountCodesMax,
  normalizeDiscountCode,
  type PriceResult,
  useAuthStore,
  useCartStore,
} from '@shop/shared';

/**
 * The price side of the cart. The codes themselves live in the cart store (`discountCodes`), stored and synced
 * across tabs with the items, so a reload or a new tab keeps them; every price request checks them again, and a
 * code that no longer applies comes back invalid and is named on screen (docs/decisions/0034-one-price-presenter.md).
 */
export interface CartPriceState {
  /** The server's price of the current cart, or null (empty cart, failure, not asked yet). */
  priceResult: PriceResult | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** A code was added and its answer has not come yet. */
  isValidatingDiscount: boolean;
  /** Why the price (with codes) could not be calculated (docs/product-rules.md#errors), shown under the code box. */
  discountError: string | null;
  /** Whether this browser offers Apple Pay (the server then lists it). */
  applePayAvailable: boolean;
  /**
   * Adds a code to the cart (normalised, docs/product-rules.md#validation); false when empty, too long, already there
   * or when the cart carries `discountCodesMax` codes already (a price request takes no more).
   */
  addDiscountCode: (raw: string) => boolean;
  removeDiscountCode: (code: string) => void;
  setApplePayAvailable: (available: boolean) => void;
  /**
   * Shows a price the server answered outside the pricing loop (the submit's PRICE_CHANGED) as a fresh
   * calculation would be shown: summary, code states and messages.
   */
  acceptPrice: (result: PriceResult) => void;
}

export const useCartPriceStore = create<CartPriceState>()((set, get) => ({
  priceResult: null,
  status: 'idle',
  isValidatingDiscount: false,
  discountError: null,
  applePayAvailable: false,
  addDiscountCode: (raw) => {
    const code = normalizeDiscountCode(raw);
    const cart = useCartStore.getState();
    if (!code || code.length > discountCodeMaxLength || cart.discountCodes.includes(code)) return false;
    if (cart.discountCodes.length >= discountCodesMax) return false;
    cart.setDiscountCodes([...cart.discountCodes, code]);
    set({ isValidatingDiscount: true, discountError: null });
    return true;
  },
  removeDiscountCode: (code) => {
    const cart = useCartStore.getState();
    cart.setDiscountCodes(cart.discountCodes.filter((c) => c !== code));
    set({ discountError: null });
  },
  setApplePayAvailable: (available) => {
    if (get().applePayAvailable !== available) set({ applePayAvailable: available });
  },
  acceptPrice: (result) =>
    set({ priceResult: result, status: 'ready', isValidatingDiscount: false, discountError: null }),
}));

// A price is one customer's: it applies their package credits (docs/product-rules.md#cart). When the session changes
// hands (a logout, another login; not a token rotated within the session), it goes at once, so the next customer
// of this tab never sees it while their own is asked for (the cart shows the price it has, also while loading).
useAuthStore.subscribe((state, previous) => {
  if (state.generation !== previous.generation && useCartPriceStore.getState().priceResult !== null)
    useCartPriceStore.setState({ priceResult: null });
});

/** The codes a price result applied: what the buyer saw discounted, and all an order may name. */
export function appliedDiscountCodes(result: PriceResult): string[] {
  return result.discountCodesProvided
    .filter((provided) => provided.status === 'valid')
    .map((provided) => provided.code);
}

/** Whether this browser can pay with Apple Pay (Safari with a card in the wallet); false anywhere else or on error. */
export function detectApplePay(target: unknown = globalThis): boolean {
  try {
    const session = (target as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
    return Boolean(session?.canMakePayments?.());
  } catch {
    return false;
  }
}
