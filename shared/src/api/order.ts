import {
  confirmationPreviewSchema,
  OrderErrorCode,
  orderCalendarSchema,
  orderResponseSchema,
  orderStateSchema,
  placesChangedBodySchema,
  priceChangedBodySchema,
  type OrderRequest,
  type PlacesChangedBody,
  type PriceChangedBody,
} from '../contract/index.ts';
import { call } from './client.ts';
import { ApiError } from './errors.ts';

/** POST /cart/submit (docs/product-rules.md#api-calls): the token goes along when there is one; guests send emailAddress. */
export const submitCart = (request: OrderRequest) =>
  call({
    method: 'POST',
    path: '/cart/submit',
    body: request,
    auth: true,
    result: orderResponseSchema,
    failure: 'Failed to submit cart',
  });

/** The fresh price and the reasons of submitCart's 409 PRICE_CHANGED, or null for any other failure. */
export function priceChangeOf(error: unknown): PriceChangedBody | null {
  if (!(error instanceof ApiError) || error.code !== OrderErrorCode.priceChanged) return null;
  const parsed = priceChangedBodySchema.safeParse(error.payload);
  return parsed.success ? parsed.data : null;
}

/**
 * The adjustments of submitCart's 409 PLACES_CHANGED as they arrived (places went between the check and the
 * order), or null for any other failure: the caller shows them without asking the server again.
 */
export function placesChangeOf(error: unknown): PlacesChangedBody | null {
  if (!(error instanceof ApiError) || error.code !== OrderErrorCode.placesChanged) return null;
  const parsed = placesChangedBodySchema.safeParse(error.payload);
  return parsed.success ? parsed.data : null;
}

/** The order confirmation mail rendered with sample data (the /emailorder preview). */
export const fetchOrderConfirmationPreview = (locale: string) =>
  call({
    path: `/orders/confirmation-preview?locale=${encodeURIComponent(locale)}`,
    result: confirmationPreviewSchema,
    failure: 'Failed to fetch order mail preview',
  });

/**
 * The state of an order, asked with its number and the address it was placed with (the return page and the
 * confirmation). An unknown number and a wrong address both fail with 404. With the `orderKey` its submit answered,
 * a paid order's answer lists its prices.
 */
export const fetchOrderState = (incrementId: string, email: string, orderKey?: string) =>
  call({
    method: 'POST',
    path: `/orders/${encodeURIComponent(incrementId)}/state`,
    body: orderKey === undefined ? { email } : { email, orderKey },
    result: orderStateSchema,
    failure: 'Failed to fetch order state',
  });

/**
 * Cancels order `incrementId` while it still waits for its payment, so that its places are free at once, and answers
 * its state afterwards (`failed` once released; `paid` when the payment came first). Needs the order's key: only the
 * browser that submitted it can release it. An unknown number, a wrong address or key fail with 404.
 */
export const releaseOrder = (incrementId: string, email: string, orderKey: string) =>
  call({
    method: 'POST',
    path: `/orders/${encodeURIComponent(incrementId)}/release`,
    body: { email, orderKey },
    result: orderStateSchema,
    failure: 'Failed to release the order',
  });

/** The calendar file of order `incrementId` for the browser that placed it (address and key, as releaseOrder). */
export const fetchOrderCalendar = (incrementId: string, email: string, orderKey: string) =>
  call({
    method: 'POST',
    path: `/orders/${encodeURIComponent(incrementId)}/calendar`,
    body: { email, orderKey },
    result: orderCalendarSchema,
    failure: 'Failed to fetch the calendar file',
  });

/** The calendar file of one of the logged-in customer's orders (by its id). */
export const fetchCustomerOrderCalendar = (orderId: number) =>
  call({
    path: `/customer/me/orders/${orderId}/calendar`,
    auth: true,
    result: orderCalendarSchema,
    failure: 'Failed to fetch the calendar file',
  });
