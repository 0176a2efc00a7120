import {
  ApiError,
  calculateCartPrice,
  cartItemName,
  currentLanguage,
  i18n,
  itemKey,
  offeredLanguage,
  useAuthStore,
  useCartStore,
  type CartItem,
  type Language,
  type NamedItem,
  type PriceRequest,
  type PriceResult,
} from '@shop/shared';
import { useCartNotificationStore } from './cartNotifications.ts';
import { detectApplePay, useCartPriceStore } from './cartPrice.ts';

/** Quiet time before the price is asked for again (docs/product-rules.md#limits). */
export const priceDebounceMs = 500;

/** The Price request of docs/product-rules.md#data for the cart: what and how many, never a price. */
export function toPriceRequest(
  items: readonly CartItem[],
  discountCodes: readonly string[],
  locale: Language,
  applePayAvailable: boolean,
): PriceRequest {
  const request = {
    courses: [],
    products: [],
    packages: [],
    discountCodes: [...discountCodes],
    locale,
    applePayAvailable,
  } as Required<PriceRequest>;
  for (const item of items) {
    if (item.itemType === 'course') {
      request.courses.push({
        courseId: item.courseId,
        courseType: item.courseType,
        quantity: item.quantity,
        ...(item.offerToken ? { offerToken: item.offerToken } : {}),
      });
    } else if (item.itemType === 'product')
      request.products.push({ productId: item.productId, quantity: item.quantity });
    else request.packages.push({ packageType: item.packageType, amount: item.amount, quantity: item.quantity });
  }
  return request;
}

/**
 * The line each shown adjustment notice names, by notice id: the line itself may be gone (cut to 0), and a language
 * switch while the notice is shown (10 s) names it again in the new language, as the notice's sentence is.
 */
const noticeLines = new Map<string, NamedItem>();

function forgetDismissedNotices(): void {
  const shown = new Set(useCartNotificationStore.getState().notifications.map((notice) => notice.id));
  for (const id of noticeLines.keys()) if (!shown.has(id)) noticeLines.delete(id);
}

i18n.on('languageChanged', (changed: string) => {
  forgetDismissedNotices();
  const language = offeredLanguage(changed);
  if (!language || noticeLines.size === 0) return;
  const { notifications } = useCartNotificationStore.getState();
  const renamed = notifications.map((notice) => {
    const line = noticeLines.get(notice.id);
    const courseName = line ? cartItemName(line, language) : notice.courseName;
    return courseName === notice.courseName ? notice : { ...notice, courseName };
  });
  if (renamed.some((notice, index) => notice !== notifications[index]))
    useCartNotificationStore.setState({ notifications: renamed });
});

/**
 * docs/product-rules.md#states: the server's quantity adjustments replace the cart's quantities (lines at 0 go), and each raises a
 * warning naming the course.
 */
export function applyQuantityAdjustments(result: PriceResult, language: string): void {
  if (result.quantityAdjustments.length === 0) return;
  const items = useCartStore.getState().items;
  const quantities = new Map<string, number>();
  forgetDismissedNotices();
  for (const adjustment of result.quantityAdjustments) {
    const course = itemKey({ itemType: 'course', courseId: adjustment.itemId });
    const item = items.find((line) => itemKey(line) === course);
    if (!item || adjustment.adjustedQuantity >= item.quantity) continue;
    quantities.set(item.id, adjustment.adjustedQuantity);
    const { reason, adjustedQuantity, requestedQuantity } = adjustment;
    useCartNotificationStore.getState().notify({
      adjustment: { reason, adjustedQuantity, requestedQuantity },
      courseName: cartItemName(item, language),
    });
    const notice = useCartNotificationStore.getState().notifications.at(-1);
    if (notice) noticeLines.set(notice.id, item);
  }
  if (quantities.size > 0) useCartStore.getState().applyQuantities(quantities);
}

/**
 * Keeps the cart's price current while a screen shows it (the cart, the checkout): after 500 ms of quiet
 * following a change of items, codes, Apple Pay availability, session or language it asks the server again.
 * An empty cart clears the price at once. Only the answer for the cart as it is counts: from a change until its
 * answer the status is 'loading'. Returns the function that stops it.
 */
export function startCartPricing({ debounceMs = priceDebounceMs }: { debounceMs?: number } = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  const prices = useCartPriceStore;

  const run = async () => {
    const { items, discountCodes } = useCartStore.getState();
    const { applePayAvailable } = prices.getState();
    inFlight?.abort();
    if (items.length === 0) {
      prices.setState({ priceResult: null, status: 'idle', isValidatingDiscount: false });
      return;
    }
    const controller = new AbortController();
    inFlight = controller;
    const language = currentLanguage();
    prices.setState({ status: 'loading' });
    try {
      const result = await calculateCartPrice(
        toPriceRequest(items, discountCodes, language, applePayAvailable),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      prices.setState({ priceResult: result, status: 'ready', isValidatingDiscount: false, discountError: null });
      applyQuantityAdjustments(result, language);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Cart price calculation failed', error);
      // docs/product-rules.md#errors: the price goes; with codes present, the server's translated message shows as
      // the code error. Anything without one (a 500's "Internal server error", a 400's "Invalid body", a network
      // failure) reads as our own text in the shown language, never as raw English.
      const translated = error instanceof ApiError ? error.body?.meta?.message?.trim() : undefined;
      const message = translated || i18n.t('common.discountCheckFailed', { lng: language });
      prices.setState({
        priceResult: null,
        status: 'error',
        isValidatingDiscount: false,
        discountError: useCartStore.getState().discountCodes.length > 0 ? message : null,
      });
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    // An answer still on its way prices the cart as it was: it must not show as this cart's price (nor cut its
    // quantities), and until the changed cart is priced a price is coming ('loading'), so the checkout does not
    // order at the price of the cart before the change (a code just entered, not yet applied).
    inFlight?.abort();
    if (useCartStore.getState().items.length === 0) {
      void run();
      return;
    }
    if (prices.getState().status !== 'loading') prices.setState({ status: 'loading' });
    timer = setTimeout(() => void run(), debounceMs);
  };

  prices.getState().setApplePayAvailable(detectApplePay());
  const unsubscribers = [
    useCartStore.subscribe((state, previous) => {
      if (state.items !== previous.items || state.discountCodes !== previous.discountCodes) schedule();
    }),
    prices.subscribe((state, previous) => {
      if (state.applePayAvailable !== previous.applePayAvailable) schedule();
    }),
    // Credits depend on who is logged in; error texts on the language.
    useAuthStore.subscribe((state, previous) => {
      if (state.token !== previous.token) schedule();
    }),
  ];
  i18n.on('languageChanged', schedule);
  schedule();
  return () => {
    clearTimeout(timer);
    inFlight?.abort();
    i18n.off('languageChanged', schedule);
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
