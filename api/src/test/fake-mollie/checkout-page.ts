import { escapeHtml } from '../../lib/html.ts';
import type { FakePayment } from './payments.ts';

/**
 * The outcomes a tester can choose on the hosted page; "open" leaves the payment waiting. Klarna's payments are
 * authorized rather than paid: the merchant captures them.
 */
export const checkoutOutcomes = ['paid', 'authorized', 'failed', 'canceled', 'expired'] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];

const outcomesOf = (payment: FakePayment) =>
  checkoutOutcomes.filter((outcome) => (payment.method === 'klarna' ? outcome !== 'paid' : outcome !== 'authorized'));

/**
 * The fake's hosted checkout page (the payment's `_links.checkout.href`): one button per outcome, like Mollie's
 * test-mode page. Choosing one sets the status, calls the shop's webhook, then sends the browser to redirectUrl.
 */
export function renderCheckoutPage(payment: FakePayment): string {
  const action = `/checkout/${encodeURIComponent(payment.id)}`;
  const body =
    payment.status === 'open'
      ? `<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>Select the status of this test payment</legend>
${outcomesOf(payment)
  .map((outcome) => `<button type="submit" name="status" value="${outcome}">${outcome}</button>`)
  .join('\n')}
</fieldset>
</form>`
      : `<p role="status">Status: <strong>${escapeHtml(payment.status)}</strong></p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake Mollie checkout ${escapeHtml(payment.id)}</title></head>
<body>
<main>
<h1>Fake Mollie test payment</h1>
<dl>
<dt>Description</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>Amount</dt><dd>${escapeHtml(`${payment.amount.value} ${payment.amount.currency}`)}</dd>
<dt>Method</dt><dd>${escapeHtml(payment.method ?? 'any')}</dd>
</dl>
${body}
</main>
</body>
</html>`;
}
