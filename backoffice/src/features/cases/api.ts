import type { AdminRefund, OrderCase, Refundable, RefundOrderBody } from '@shop/shared/contract/admin';
import { adminCall } from '../../api/http.ts';

/** resolveCase: closes a case with the note of what was done (owner only, audited). */
export function resolveCase(id: number, note: string): Promise<OrderCase> {
  return adminCall<OrderCase>(`/cases/${id}/resolve`, { method: 'POST', body: { note } });
}

/** getRefundable: what the shop still holds of the order's payment, and its refunds so far. */
export function loadRefundable(orderId: number): Promise<Refundable> {
  return adminCall<Refundable>(`/orders/${orderId}/refunds`);
}

/** refundOrder: gives money back through the payment provider (owner only). */
export function refundOrder(orderId: number, body: RefundOrderBody): Promise<AdminRefund> {
  return adminCall<AdminRefund>(`/orders/${orderId}/refunds`, { method: 'POST', body });
}
