import type { Language } from '@shop/shared/contract';
import { formatCents } from '@shop/shared/money';
import type { LineDiscount, PresentedLine, PricePresentation } from '@shop/shared/pricing';
import { tokenValue } from '@shop/shared/css';
import { escapeHtml } from '../../lib/html.ts';
import { fillText, mailHeading, mailParagraph } from '../../mail/html.ts';
import de from './price-texts/de.json' with { type: 'json' };
import en from './price-texts/en.json' with { type: 'json' };
import es from './price-texts/es.json' with { type: 'json' };

type Texts = typeof de;
const texts: Record<Language, Texts> = { de, en, es };

/** What the mail says about a position besides its price: its name and details (dates, participants). */
export interface MailPosition {
  title: string;
  details: string[];
}

const money = formatCents;

/** The price rows of a line: list price, each discount named, amount to pay with its VAT wording. */
function priceRows(line: PresentedLine, t: Texts): [string, string][] {
  const list =
    line.quantity > 1
      ? `${line.quantity} × ${money(line.unitCents)} = ${money(line.listCents)}`
      : money(line.listCents);
  const discount = (d: LineDiscount): [string, string] => [
    d.kind === 'code'
      ? fillText(t.codeDiscount, { codes: d.codes.join(', ') })
      : fillText(t.creditDiscount, { count: d.places }),
    `−${money(d.cents)}`,
  ];
  return [
    [t.listPrice, list],
    ...line.discounts.map(discount),
    [`${t.toPay} (${t[`vat_${line.vat}`]})`, money(line.payCents)],
  ];
}

function summaryRows({ summary }: PricePresentation, t: Texts): [string, string][] {
  return [
    [t.subtotal, money(summary.subtotalCents)],
    ...summary.codes.map(({ code, cents }): [string, string] => [fillText(t.code, { code }), `−${money(cents)}`]),
    ...(summary.creditsCents > 0 ? [[t.credits, `−${money(summary.creditsCents)}`] as [string, string]] : []),
  ];
}

const cell = 'padding:2px 0';
const rowHtml = ([label, value]: [string, string]) =>
  `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`;

/**
 * The order mail's positions and summary, as HTML and text, from the one price presenter
 * (docs/decisions/0034-one-price-presenter.md): each position with list price, named discounts and amount to pay,
 * then subtotal, each code, credits, total and the VAT note. `positions` name the presented lines, in their order.
 */
export function renderOrderLines(
  presented: PricePresentation,
  positions: readonly MailPosition[],
  language: Language,
): { html: string; text: string } {
  const t = texts[language];
  const lines = presented.lines.map((line, index) => ({ line, position: positions[index]!, rows: priceRows(line, t) }));
  const total = money(presented.summary.totalCents);
  const vatNote = t[`summaryVat_${presented.summary.vat}`];

  const text = [
    `${t.positions}:`,
    ...lines.map(({ position, rows }) =>
      [`- ${position.title}`, ...position.details.map((d) => `  ${d}`), ...rows.map(([l, v]) => `  ${l}: ${v}`)].join(
        '\n',
      ),
    ),
    '',
    ...summaryRows(presented, t).map(([l, v]) => `${l}: ${v}`),
    `${t.total}: ${total}`,
    vatNote,
  ].join('\n');

  const strong = tokenValue('color-text');
  const border = `border-top:1px solid ${tokenValue('color-border')}`;
  const html = [
    mailHeading(t.positions),
    `<table style="border-collapse:collapse;width:100%" data-block="order-lines"><thead><tr><th scope="col" style="text-align:left">${escapeHtml(t.position)}</th><th scope="col" style="text-align:right">${escapeHtml(t.amount)}</th></tr></thead><tbody>`,
    ...lines.map(
      ({ position, rows }) =>
        `<tr><td colspan="2" style="padding:6px 0 0;${border}"><strong>${escapeHtml(position.title)}</strong>${position.details.map((d) => `<br>${escapeHtml(d)}`).join('')}</td></tr>${rows.map(rowHtml).join('')}`,
    ),
    `</tbody><tfoot>${summaryRows(presented, t)
      .map(([l, v], index) =>
        index === 0
          ? `<tr><td style="${cell};border-top:2px solid ${strong}">${escapeHtml(l)}</td><td style="${cell};border-top:2px solid ${strong};text-align:right">${escapeHtml(v)}</td></tr>`
          : rowHtml([l, v]),
      )
      .join(
        '',
      )}<tr><th scope="row" style="text-align:left">${escapeHtml(t.total)}</th><td style="text-align:right"><strong data-total>${escapeHtml(total)}</strong></td></tr></tfoot></table>`,
    mailParagraph(vatNote),
  ].join('');
  return { html, text };
}
