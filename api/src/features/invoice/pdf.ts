import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { type EInvoiceFormat, FormatFactoryService, type Invoice, invoiceSchema } from '@e-invoice-eu/core';
import Ajv2019, { ValidationError, type ValidateFunction } from 'ajv/dist/2019.js';
import { formatDate } from '@shop/shared/format';
import { formatCents } from '@shop/shared/money';
import type { InvoiceDocument } from './document.ts';
import { toEInvoice } from './einvoice.ts';
import { withPrecedingInvoice } from './preceding-invoice.ts';

/**
 * The invoice as a PDF/A-3 with its EN 16931 data embedded (Factur-X, profile EN 16931): pdf-lib draws what a
 * person reads, with an embedded font (PDF/A allows no other), and @e-invoice-eu/core writes the CII XML, embeds
 * it as factur-x.xml and makes the file PDF/A-3 (docs/decisions/0117-factur-x-with-e-invoice-eu.md).
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const visible = await drawInvoice(doc);
  const { format, validate, ...made } = facturX();
  const formatter = doc.original ? referring(made.formatter, doc.original) : made.formatter;
  // What InvoiceService.generate does, with the schema compiled once instead of on every call (about 0.5 s).
  const invoice = structuredClone(toEInvoice(doc));
  if (!validate(invoice)) throw new ValidationError(validate.errors ?? []);
  formatter.fillInvoiceDefaults(invoice);
  const pdf = await formatter.generate(invoice, {
    format,
    lang: 'de-de',
    pdf: { buffer: visible, filename: `${doc.number}.pdf`, mimetype: 'application/pdf' },
    noWarnings: true,
  });
  if (typeof pdf === 'string') throw new Error('The Factur-X service returned text instead of a PDF');
  return pdf;
}

/**
 * The format service for one cancellation invoice: the library's own, whose CII tree gets BG-3 just before it is
 * rendered to XML (preceding-invoice.ts). The library then embeds that XML and makes the PDF/A-3 as for any invoice,
 * so its metadata stays its own. A per-call object, so that parallel renderings do not share the reference.
 */
function referring(formatter: EInvoiceFormat, original: NonNullable<InvoiceDocument['original']>): EInvoiceFormat {
  const own = formatter as EInvoiceFormat & { renderXML(data: object): string };
  const call = Object.create(own) as typeof own;
  call.renderXML = (data) => own.renderXML.call(call, withPrecedingInvoice(data as Record<string, unknown>, original));
  return call;
}

const quietLogger = { log() {}, warn() {}, error() {} };
let compiled: { formatter: EInvoiceFormat; format: string; validate: ValidateFunction<Invoice> } | null = null;
/** The Factur-X format of the library and its invoice schema's validator, made once per process. */
function facturX() {
  if (compiled) return compiled;
  const factory = new FormatFactoryService();
  const formatter = factory.createFormatService('Factur-X-EN16931', quietLogger);
  const schema = structuredClone(invoiceSchema);
  formatter.patchSchema(schema);
  const validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile<Invoice>(schema);
  compiled = { formatter, format: factory.normalizeFormat('Factur-X-EN16931'), validate };
  return compiled;
}

const require = createRequire(import.meta.url);
// Named whole, so that the dependency is seen (knip) and a missing file fails at the first invoice.
const fontPaths = {
  regular: () => require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  bold: () => require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
};
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
const fontBytes = () =>
  (fonts ??= { regular: readFileSync(fontPaths.regular()), bold: readFileSync(fontPaths.bold()) });

const money = (cents: number) => formatCents(cents);
const title = (doc: InvoiceDocument) => (doc.kind === 'invoice' ? 'Rechnung' : 'Stornorechnung');

interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  y: number;
}

const margin = 56;
const grey = rgb(0.35, 0.35, 0.35);

function text(
  pen: Pen,
  value: string,
  x: number,
  { size = 10, bold = false, right = false, color = rgb(0, 0, 0) } = {},
) {
  const font = bold ? pen.bold : pen.regular;
  const at = right ? x - font.widthOfTextAtSize(value, size) : x;
  pen.page.drawText(value, { x: at, y: pen.y, size, font, color });
}

/** Breaks `value` into lines no wider than `width`. */
function wrap(font: PDFFont, value: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  return current ? [...lines, current] : lines;
}

async function drawInvoice(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = fontBytes();
  const pen: Pen = {
    page: pdf.addPage([595.28, 841.89]),
    regular: await pdf.embedFont(regularBytes, { subset: true }),
    bold: await pdf.embedFont(boldBytes, { subset: true }),
    y: 841.89 - margin,
  };
  pdf.setTitle(`${title(doc)} ${doc.number}`);
  pdf.setAuthor(doc.seller.name);
  pdf.setLanguage('de-DE');
  const right = 595.28 - margin;
  const { seller, buyer } = doc;

  text(pen, seller.name, margin, { size: 14, bold: true });
  pen.y -= 14;
  for (const line of [
    [seller.street, `${seller.zip} ${seller.city}`.trim()].filter(Boolean).join(', '),
    [seller.phone, seller.email].filter(Boolean).join(' · '),
    seller.taxId ? `USt-IdNr./Steuernummer: ${seller.taxId}` : '',
  ].filter(Boolean)) {
    text(pen, line, margin, { size: 9, color: grey });
    pen.y -= 12;
  }
  pen.y -= 24;
  for (const line of [buyer.name, buyer.additional, buyer.street, `${buyer.zip} ${buyer.city}`.trim(), buyer.country]) {
    if (!line) continue;
    text(pen, line, margin);
    pen.y -= 13;
  }
  pen.y -= 24;
  text(pen, `${title(doc)} ${doc.number}`, margin, { size: 16, bold: true });
  pen.y -= 20;
  const facts: [string, string][] = [
    ['Rechnungsdatum', formatDate(doc.issueDate)],
    ['Bestellnummer', doc.orderNumber],
    ['Leistungsdatum (Bestellung)', formatDate(doc.orderDate)],
    ...(doc.original
      ? ([['Storniert wird', `Rechnung ${doc.original.number} vom ${formatDate(doc.original.issueDate)}`]] as [
          string,
          string,
        ][])
      : []),
  ];
  for (const [label, value] of facts) {
    text(pen, `${label}:`, margin, { size: 10, color: grey });
    text(pen, value, margin + 160);
    pen.y -= 14;
  }
  pen.y -= 16;
  drawLines(pen, doc, right);
  drawTotals(pen, doc, right);
  return pdf.save();
}

function drawLines(pen: Pen, doc: InvoiceDocument, right: number) {
  const columns = { name: margin, quantity: 330, unit: 400, discount: 465, net: right };
  text(pen, 'Pos. / Bezeichnung', columns.name, { size: 9, bold: true });
  text(pen, 'Menge', columns.quantity, { size: 9, bold: true, right: true });
  text(pen, 'Einzelpreis', columns.unit, { size: 9, bold: true, right: true });
  text(pen, 'Nachlass', columns.discount, { size: 9, bold: true, right: true });
  text(pen, 'Netto', columns.net, { size: 9, bold: true, right: true });
  pen.y -= 6;
  pen.page.drawLine({ start: { x: margin, y: pen.y }, end: { x: right, y: pen.y }, thickness: 0.5 });
  pen.y -= 14;
  doc.lines.forEach((line, index) => {
    const names = wrap(pen.regular, `${index + 1}. ${line.name}`, columns.quantity - margin - 40, 9);
    text(pen, String(line.quantity), columns.quantity, { size: 9, right: true });
    text(pen, money(line.unitCents), columns.unit, { size: 9, right: true });
    text(pen, line.discountCents ? money(-line.discountCents) : '–', columns.discount, { size: 9, right: true });
    text(pen, money(line.netCents), columns.net, { size: 9, right: true });
    for (const name of names) {
      text(pen, name, columns.name, { size: 9 });
      pen.y -= 12;
    }
    const vat = line.vat.code === 'E' ? `USt-frei: ${line.vat.exemptionReason}` : `USt ${line.vat.ratePercent} %`;
    text(pen, vat, columns.name + 10, { size: 8, color: grey });
    pen.y -= 16;
  });
  pen.page.drawLine({ start: { x: margin, y: pen.y + 6 }, end: { x: right, y: pen.y + 6 }, thickness: 0.5 });
  pen.y -= 10;
}

function drawTotals(pen: Pen, doc: InvoiceDocument, right: number) {
  const label = right - 200;
  const rows: [string, number, boolean][] = [
    ['Summe netto', doc.netCents, false],
    ...doc.vatBreakdown
      .filter((group) => group.vat.code !== 'E')
      .map((group): [string, number, boolean] => [`USt ${group.vat.ratePercent} %`, group.vatCents, false]),
    [doc.kind === 'invoice' ? 'Gesamtbetrag' : 'Erstattungsbetrag', doc.totalCents, true],
  ];
  for (const [name, cents, bold] of rows) {
    text(pen, name, label, { size: 10, bold });
    text(pen, money(cents), right, { size: 10, bold, right: true });
    pen.y -= 15;
  }
  pen.y -= 12;
  const notes = [
    ...new Set(doc.vatBreakdown.filter((g) => g.vat.code === 'E').map((g) => g.vat.exemptionReason)),
    doc.kind === 'invoice'
      ? 'Der Betrag wurde bei der Bestellung bezahlt.'
      : 'Der Betrag wurde auf das Zahlungsmittel der Bestellung erstattet.',
  ];
  for (const note of notes) {
    for (const line of wrap(pen.regular, note, right - margin, 9)) {
      text(pen, line, margin, { size: 9 });
      pen.y -= 12;
    }
  }
}
