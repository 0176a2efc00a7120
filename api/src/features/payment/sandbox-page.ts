import { createHash } from 'node:crypto';
import type { Language } from '@shop/shared/contract';
import { primitivesCss, tokensCss } from '@shop/shared/css';
import { formatCentsIn } from '@shop/shared/money';
import { escapeHtml } from '../../lib/html.ts';
import type { ProviderPayment, ProviderPaymentStatus } from '../payment-provider/provider.ts';
import { type SandboxOutcome, sandboxOutcomes } from './sandbox-provider.ts';

interface SandboxTexts {
  title: string;
  intro: string;
  order: string;
  amount: string;
  choose: string;
  /** One label per outcome, each saying it is a test. */
  outcomes: Record<SandboxOutcome, string>;
  status: string;
  /** The sandbox never authorizes: its payments are paid at once. */
  statuses: Record<Exclude<ProviderPaymentStatus, 'authorized'>, string>;
  holdOver: string;
  back: string;
}

/** The page's texts in the shop's languages; the order's language is chosen (German when unknown). */
const texts: Record<Language, SandboxTexts> = {
  de: {
    title: 'Testzahlung',
    intro: 'Dies ist ein Testshop: Diese Seite ersetzt einen echten Zahlungsanbieter. Es wird kein Geld bewegt.',
    order: 'Bestellung',
    amount: 'Betrag',
    choose: 'Ergebnis der Testzahlung wählen',
    outcomes: {
      paid: 'Testzahlung: bezahlt',
      failed: 'Testzahlung: fehlgeschlagen',
      canceled: 'Testzahlung: abgebrochen',
      expired: 'Testzahlung: abgelaufen',
    },
    status: 'Status der Testzahlung',
    statuses: {
      pending: 'offen',
      paid: 'bezahlt',
      failed: 'fehlgeschlagen',
      canceled: 'abgebrochen',
      expired: 'abgelaufen',
    },
    holdOver:
      'Die Zahlungsfrist dieser Bestellung ist abgelaufen und die reservierten Plätze sind freigegeben. Eine Zahlung jetzt wird trotzdem erfasst und zur Erstattung vorgemerkt.',
    back: 'Zurück zum Shop',
  },
  en: {
    title: 'Test payment',
    intro: 'This is a test shop: this page stands in for a real payment provider. No money moves.',
    order: 'Order',
    amount: 'Amount',
    choose: 'Choose the outcome of the test payment',
    outcomes: {
      paid: 'Test payment: paid',
      failed: 'Test payment: failed',
      canceled: 'Test payment: canceled',
      expired: 'Test payment: expired',
    },
    status: 'Status of the test payment',
    statuses: { pending: 'open', paid: 'paid', failed: 'failed', canceled: 'canceled', expired: 'expired' },
    holdOver:
      'The time to pay for this order has run out and its places are released. A payment now is still recorded, and marked for a refund.',
    back: 'Back to the shop',
  },
  es: {
    title: 'Pago de prueba',
    intro: 'Esta es una tienda de prueba: esta página sustituye a un proveedor de pago real. No se mueve dinero.',
    order: 'Pedido',
    amount: 'Importe',
    choose: 'Elige el resultado del pago de prueba',
    outcomes: {
      paid: 'Pago de prueba: pagado',
      failed: 'Pago de prueba: fallido',
      canceled: 'Pago de prueba: cancelado',
      expired: 'Pago de prueba: caducado',
    },
    status: 'Estado del pago de prueba',
    statuses: { pending: 'pendiente', paid: 'pagado', failed: 'fallido', canceled: 'cancelado', expired: 'caducado' },
    holdOver:
      'El plazo de pago de este pedido ha vencido y sus plazas se han liberado. Un pago ahora se registra igualmente y se marca para su reembolso.',
    back: 'Volver a la tienda',
  },
};

/** The shop's tokens and buttons, plus the few rules of this page. */
const pageCss = `${tokensCss}${primitivesCss}
.sandbox-header__brand { padding: 12px 24px; border-bottom: 1px solid var(--shop-color-border); }
.sandbox-header__brand a { font-size: 1.25rem; font-weight: 700; color: var(--shop-color-primary-dark); text-decoration: none; }
.sandbox-test { margin: 0; padding: 6px 24px; background: var(--shop-color-warning); color: var(--shop-color-on-primary); font-weight: 600; }
.sandbox { max-width: 560px; margin: 24px auto; padding: 0 16px; }
.sandbox h1 { margin: 0 0 12px; }
.sandbox dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; margin: 16px 0; }
.sandbox dt { font-weight: 600; }
.sandbox dd { margin: 0; }
.sandbox fieldset { border: 0; margin: 16px 0; padding: 0; display: grid; gap: 12px; }
.sandbox legend { font-weight: 600; margin-bottom: 8px; padding: 0; }
`;

/**
 * The only inline resource the page has, allowed by its hash: the page's own Content-Security-Policy allows no
 * script and no other style (see sandboxPageCsp).
 */
const styleHash = `'sha256-${createHash('sha256').update(pageCss).digest('base64')}'`;

/**
 * The policy of the sandbox page, in front of the API's usual one (which keeps frame-ancestors): nothing may load
 * but its own style, and its form may post only to the API and lead back to the shop.
 */
export function sandboxPageCsp(shopOrigin: string): string {
  return `default-src 'none'; style-src ${styleHash}; form-action 'self' ${shopOrigin}`;
}

export interface SandboxPageInput {
  payment: ProviderPayment;
  /** The order number. */
  reference: string;
  /** The order's language. */
  language: Language;
  /** The order's hold ended (cancelled or about to be): a payment now would be flagged for refund. */
  holdOver: boolean;
  shopUrl: string;
  /** The school's name (its identity); null: none set, and the page names none. */
  schoolName: string | null;
}

/**
 * The sandbox provider's hosted page in the order's language and the shop's look: the amount, the order number
 * and one button per outcome, each labelled as a test (the buttons' values stay paid, failed, canceled, expired).
 * "Back to the shop" leads to the checkout, which offers to continue this payment or change the order.
 * Plain HTML forms, no script. A decided payment shows its status only.
 */
export function renderSandboxPage({
  payment,
  reference,
  language,
  holdOver,
  shopUrl,
  schoolName,
}: SandboxPageInput): string {
  const text = texts[language] ?? texts.de;
  const action = `/api/payments/sandbox/${encodeURIComponent(payment.id)}`;
  const amount = formatCentsIn(payment.amountCents, language);
  const decision =
    payment.status === 'pending'
      ? `<form method="post" action="${escapeHtml(action)}"><fieldset><legend>${escapeHtml(text.choose)}</legend>
${sandboxOutcomes
  .map(
    (outcome, index) =>
      `<button class="shop-button shop-button--${index === 0 ? 'primary' : 'secondary'}" type="submit" name="outcome" value="${outcome}">${escapeHtml(text.outcomes[outcome])}</button>`,
  )
  .join('\n')}
</fieldset></form>`
      : `<p role="status">${escapeHtml(text.status)}: <strong>${escapeHtml(payment.status === 'authorized' ? payment.status : text.statuses[payment.status])}</strong></p>`;
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(schoolName ? `${text.title} ${reference} – ${schoolName}` : `${text.title} ${reference}`)}</title>
<style>${pageCss}</style></head>
<body>
<header>${schoolName ? `<div class="sandbox-header__brand"><a href="${escapeHtml(`${shopUrl}/`)}">${escapeHtml(schoolName)}</a></div>` : ''}
<p class="sandbox-test">${escapeHtml(text.intro)}</p></header>
<main class="sandbox">
<h1>${escapeHtml(text.title)}</h1>
<dl><dt>${escapeHtml(text.order)}</dt><dd>${escapeHtml(reference)}</dd><dt>${escapeHtml(text.amount)}</dt><dd>${escapeHtml(amount)}</dd></dl>
${holdOver && payment.status === 'pending' ? `<p class="shop-banner shop-banner--warning">${escapeHtml(text.holdOver)}</p>\n` : ''}${decision}
<p><a href="${escapeHtml(`${shopUrl}/checkout`)}">${escapeHtml(text.back)}</a></p>
</main>
</body>
</html>`;
}
