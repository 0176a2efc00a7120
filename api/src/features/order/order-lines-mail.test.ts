import { addsUp, presentOrder } from '@shop/shared/pricing';
import { describe, expect, it } from 'vitest';
import { renderOrderConfirmation } from './confirmation-mail.ts';
import { sampleOrder } from './sample-order.ts';

/** Cents of every "label: amount" line of the text part whose label matches. */
const amounts = (text: string, label: RegExp) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => label.test(line.split(':')[0]!))
    .map((line) => {
      const value = line.slice(line.lastIndexOf(': ') + 2);
      const cents = Math.round(Number(value.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
      return value.startsWith('−') ? -cents : cents;
    });

describe('the order mail’s lines and summary', () => {
  // The sample has a code on every kind of position, a product, a package and an hour paid with credit.
  const { text, html } = renderOrderConfirmation(sampleOrder, 'de', { name: 'Ana', guest: true });

  it('the sample order adds up in the presenter', () => {
    expect(addsUp(presentOrder(sampleOrder))).toBe(true);
  });

  it('the amounts to pay add up to the total, and subtotal − codes − credits is the total', () => {
    const [total] = amounts(text, /^Gesamtsumme$/);
    const toPay = amounts(text, /^Zu zahlen/);
    expect(toPay).toEqual([52020, 0, 5400, 10350]);
    expect(toPay.reduce((a, b) => a + b, 0)).toBe(total);
    const [subtotal] = amounts(text, /^Zwischensumme$/);
    const summary = text.slice(text.indexOf('\nZwischensumme'));
    const deductions = amounts(summary, /^(Gutschein|Paketguthaben$)/);
    expect(subtotal! + deductions.reduce((a, b) => a + b, 0)).toBe(total);
    expect(total).toBe(67770);
  });

  it('names the code on each discounted line, discounts the product, and never subtracts a discount twice', () => {
    expect(text).toMatch(/Listenpreis: 2 × 289\s€ = 578\s€/);
    expect(text).toMatch(/Gutschein WILLKOMMEN10: −57,80\s€/);
    expect(text).toMatch(/Gutschein WILLKOMMEN10: −6\s€/);
    expect(text).toMatch(/Mit Paketguthaben bezahlt \(1 ×\): −23\s€/);
    expect(text).toMatch(/Gutschein WILLKOMMEN10: −75,30\s€/);
    expect(html).toContain('Gutschein WILLKOMMEN10');
    expect(html).toMatch(/data-total>677,70\s€/);
  });

  it('gives the VAT wording per line and for the whole order', () => {
    expect(text.match(/umsatzsteuerfrei nach § 4 Nr\. 21 UStG/g)).toHaveLength(4);
    expect(text).toContain('von der Umsatzsteuer befreit');
  });
});
