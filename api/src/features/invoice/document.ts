import type { Order, PublicSchool } from '@shop/shared/contract';
import { netCentsOfGross } from '@shop/shared/money';
import { presentOrder, type VatTreatment } from '@shop/shared/pricing';
import { positionNames } from '../order/confirmation-mail.ts';

/**
 * An invoice as issued (docs/decisions/0116-invoices-issued-with-the-payment.md): everything its PDF and its
 * EN 16931 data show, in integer cents, frozen when the number is given. It is stored with the PDF and never
 * rebuilt from the order, whose data may later be reduced (docs/decisions/0105-erasure-keeps-the-invoice.md).
 */
export interface InvoiceDocument {
  kind: 'invoice' | 'cancellation';
  number: string;
  /** yyyy-MM-dd in the shop's time zone. */
  issueDate: string;
  orderNumber: string;
  /** yyyy-MM-dd: when the order was placed (the service's date for the exempt courses). */
  orderDate: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  /** The lines' net amounts added up. */
  netCents: number;
  vatCents: number;
  /** netCents + vatCents: what was charged (an invoice) or given back (a cancellation, negative). */
  totalCents: number;
  /** Per VAT category: what the EN 16931 VAT breakdown lists. */
  vatBreakdown: VatGroup[];
  /** The invoice a cancellation refers to. */
  original: { number: string; issueDate: string } | null;
}

export interface InvoiceSeller {
  name: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  /** The identity's VAT id (USt-IdNr., e.g. DE123456789) or tax number (Steuernummer); '' when it has none. */
  taxId: string;
  email: string;
  phone: string;
}

export interface InvoiceBuyer {
  name: string;
  street: string;
  additional: string;
  zip: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** A VAT category of EN 16931: `E` exempt (with its reason), `S` standard rate. */
export interface VatCategory {
  code: 'E' | 'S';
  ratePercent: number;
  /** The exemption's reason (BT-120), e.g. "Umsatzsteuerfrei nach § 4 Nr. 21 UStG"; '' for a taxed line. */
  exemptionReason: string;
}

export interface InvoiceLine {
  name: string;
  quantity: number;
  unitCents: number;
  /** What codes and package credits took off the line (quantity × unit − discount = net + VAT). */
  discountCents: number;
  netCents: number;
  vat: VatCategory;
}

export interface VatGroup {
  vat: VatCategory;
  netCents: number;
  vatCents: number;
}

/** German VAT's standard rate, for an offer the catalogue ever marks as taxed (none is today). */
export const standardVatPercent = 19;
export const defaultExemptionReason = 'Umsatzsteuerfrei nach § 4 Nr. 21 UStG';

/** The VAT category of a line as the one price presenter treats it (every offer of the school is exempt). */
export function vatCategory(treatment: VatTreatment, exemptionNote: string): VatCategory {
  return treatment === 'exempt'
    ? { code: 'E', ratePercent: 0, exemptionReason: exemptionNote.trim() || defaultExemptionReason }
    : { code: 'S', ratePercent: standardVatPercent, exemptionReason: '' };
}

const vatKey = (vat: VatCategory) => `${vat.code}:${vat.ratePercent}`;

/**
 * Gross amounts (what was paid, VAT included) as lines with net amounts and a VAT breakdown. The VAT of a taxed
 * category is taken out of its lines' sum once (so the total stays what was paid to the cent) and the net is spread
 * back over its lines by their gross amounts.
 */
export function withVat(
  lines: readonly (Omit<InvoiceLine, 'netCents'> & { grossCents: number })[],
): Pick<InvoiceDocument, 'lines' | 'netCents' | 'vatCents' | 'totalCents' | 'vatBreakdown'> {
  const groups = new Map<string, { vat: VatCategory; gross: number; indexes: number[] }>();
  lines.forEach((line, index) => {
    const group = groups.get(vatKey(line.vat)) ?? { vat: line.vat, gross: 0, indexes: [] };
    group.gross += line.grossCents;
    group.indexes.push(index);
    groups.set(vatKey(line.vat), group);
  });
  const nets = lines.map((line) => line.grossCents);
  const vatBreakdown: VatGroup[] = [];
  for (const { vat, gross, indexes } of groups.values()) {
    const net = netCentsOfGross(gross, vat.ratePercent);
    let left = net;
    indexes.forEach((lineIndex, i) => {
      const share = i === indexes.length - 1 ? left : Math.round((lines[lineIndex]!.grossCents * net) / (gross || 1));
      nets[lineIndex] = share;
      left -= share;
    });
    vatBreakdown.push({ vat, netCents: net, vatCents: gross - net });
  }
  const out = lines.map(({ grossCents: _gross, ...line }, index) => ({ ...line, netCents: nets[index]! }));
  const netCents = vatBreakdown.reduce((sum, group) => sum + group.netCents, 0);
  const vatCents = vatBreakdown.reduce((sum, group) => sum + group.vatCents, 0);
  return { lines: out, netCents, vatCents, totalCents: netCents + vatCents, vatBreakdown };
}

/** The school's postal address is free text: the last line with a post code is zip and city, the rest the street. */
export function splitPostalAddress(text: string): { street: string; zip: string; city: string } {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const at = lines.findLastIndex((line) => /^\d{4,5}\s+\S/.test(line));
  if (at < 0) return { street: lines.join(', '), zip: '', city: '' };
  const [, zip = '', city = ''] = /^(\d{4,5})\s+(.+)$/.exec(lines[at]!) ?? [];
  return { street: lines.slice(0, at).join(', '), zip, city };
}

export function sellerOf(school: PublicSchool): InvoiceSeller {
  return {
    name: school.name,
    ...splitPostalAddress(school.postalAddress),
    country: 'DE',
    taxId: school.vatId.trim(),
    email: school.email,
    phone: school.phone,
  };
}

/** The invoice recipient: the order's billing address (a guest without one is named by nothing but the order). */
export function buyerOf(order: Pick<Order, 'customerBillingAddress' | 'incrementId'>): InvoiceBuyer {
  const address = order.customerBillingAddress;
  if (!address) return { name: order.incrementId, street: '', additional: '', zip: '', city: '', country: 'DE' };
  return {
    name: `${address.firstname} ${address.lastname}`.trim(),
    street: address.addressLine1,
    additional: address.addressLine2,
    zip: address.zip,
    city: address.city,
    country: address.country || 'DE',
  };
}

/** The order's positions in German (the invoice's language), priced by the one price presenter. */
export function orderLines(order: Order, exemptionNote: string) {
  const names = [
    ...order.courseBookings.map((booking) => positionNames.course(booking, 'de')),
    ...order.productOrders.map((line) => positionNames.product(line, 'de')),
    ...order.customerBalanceTransactions.map((row) => positionNames.package(row, 'de')),
  ];
  const { lines, summary } = presentOrder(order);
  const priced = lines.map((line, index) => ({
    name: names[index] ?? '',
    quantity: line.quantity,
    unitCents: line.unitCents,
    discountCents: line.listCents - line.payCents,
    grossCents: line.payCents,
    vat: vatCategory(line.vat, exemptionNote),
  }));
  return { priced, totalCents: summary.totalCents };
}
