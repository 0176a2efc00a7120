import { escapeHtml } from '../../lib/html.ts';
import type { ProviderPayment } from './provider.ts';
import { sandboxOutcomes } from './sandbox-provider.ts';

const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/**
 * The sandbox provider's hosted page: the amount, the order number, one button per outcome (DESIGN.md). Plain
 * HTML forms, no script, so it works under any Content-Security-Policy. A decided payment shows its status only.
 */
export function renderSandboxPage({ payment, reference }: { payment: ProviderPayment; reference: string }): string {
  const action = `/api/payments/sandbox/${encodeURIComponent(payment.id)}`;
  const buttons =
    payment.status === 'pending'
      ? sandboxOutcomes
          .map((outcome) => `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${outcome}</button></form>`)
          .join('\n')
      : `<p role="status">Status: <strong>${escapeHtml(payment.status)}</strong></p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox payment ${escapeHtml(reference)}</title></head>
<body>
<main>
<h1>Sandbox payment</h1>
<p>This test page stands in for a payment provider. No money moves.</p>
<dl><dt>Order</dt><dd>${escapeHtml(reference)}</dd><dt>Amount</dt><dd>${escapeHtml(euros.format(payment.amountCents / 100))}</dd></dl>
${buttons}
</main>
</body>
</html>`;
}
