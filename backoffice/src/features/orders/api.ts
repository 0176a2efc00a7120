import type { AdminParticipant, UpdateOrderParticipantBody } from '@shop/shared/contract/admin';
import { registerResource } from '../../api/dataProvider.ts';
import { adminCall, adminDownload } from '../../api/http.ts';

registerResource('orders', { path: '/orders', sortStyle: 'fieldOrder' });

/** updateOrderParticipant: the changed fields only; the buyer is mailed. */
export function correctParticipant(orderId: number, participantId: number, body: UpdateOrderParticipantBody) {
  return adminCall<{ participant: AdminParticipant; mailQueued: boolean }>(
    `/orders/${orderId}/participants/${participantId}`,
    { method: 'PATCH', body },
  );
}

/** resendOrderConfirmation. */
export function resendConfirmation(orderId: number) {
  return adminCall<{ mailQueued: true }>(`/orders/${orderId}/resend-confirmation`, { method: 'POST', body: {} });
}

/** exportOrders: a year's orders as the server's CSV file. */
export function downloadYear(year: number) {
  return adminDownload('/orders/export', { query: { year } });
}

/** Saves a downloaded Blob under its name through the browser. */
export function saveBlob({ blob, name }: { blob: Blob; name: string }) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
