import type { Invoice } from '@e-invoice-eu/core';
import { centsToDecimal } from '@shop/shared/money';
import type { InvoiceDocument, InvoiceLine, VatCategory } from './document.ts';

/** EN 16931 amounts: euros with two decimals. */
const amount = (cents: number) => centsToDecimal(cents);
const eur = 'EUR' as const;
const vatScheme = { 'cbc:ID': 'VAT' };

/** The VAT id is BT-31 when it looks like one (country prefix), else a tax number (Steuernummer, BT-32). */
const isVatId = (taxId: string) => /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(taxId.replace(/\s/g, ''));

/** A VAT category; the breakdown (not the line) carries an exemption's reason. */
function category(vat: VatCategory, { withReason = false } = {}) {
  return {
    'cbc:ID': vat.code,
    'cbc:Percent': String(vat.ratePercent),
    ...(withReason && vat.code === 'E' && { 'cbc:TaxExemptionReason': vat.exemptionReason }),
    'cac:TaxScheme': vatScheme,
  };
}

/**
 * One line: an exempt line lists its places at their unit price with what codes and credits took off as the line's
 * allowance; a taxed line (its unit price includes VAT) is one unit at its net amount.
 */
function line(item: InvoiceLine, index: number) {
  const exempt = item.vat.code === 'E';
  const sign = Math.sign(item.netCents) || 1;
  const quantity = exempt ? item.quantity : 1;
  const price = exempt ? item.unitCents : Math.abs(item.netCents);
  const discount = exempt ? item.discountCents : 0;
  return {
    'cbc:ID': String(index + 1),
    'cbc:InvoicedQuantity': String(sign * quantity),
    'cbc:InvoicedQuantity@unitCode': 'C62',
    'cbc:LineExtensionAmount': amount(item.netCents),
    'cbc:LineExtensionAmount@currencyID': eur,
    ...(discount > 0 && {
      'cac:AllowanceCharge': [
        {
          'cbc:ChargeIndicator': 'false',
          'cbc:AllowanceChargeReasonCode': '95',
          'cbc:AllowanceChargeReason': 'Rabatt oder Guthaben',
          'cbc:Amount': amount(sign * discount),
          'cbc:Amount@currencyID': eur,
        },
      ],
    }),
    'cac:Item': { 'cbc:Name': item.name, 'cac:ClassifiedTaxCategory': category(item.vat) },
    'cac:Price': { 'cbc:PriceAmount': amount(price), 'cbc:PriceAmount@currencyID': eur },
  };
}

/** The document in e-invoice-eu's internal format (UBL-shaped), from which it writes the Factur-X (CII) XML. */
export function toEInvoice(doc: InvoiceDocument): Invoice {
  const { seller, buyer } = doc;
  const taxId = seller.taxId.replace(/\s/g, '');
  const invoice = {
    'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
    'cbc:ID': doc.number,
    'cbc:IssueDate': doc.issueDate,
    'cbc:InvoiceTypeCode': doc.kind === 'invoice' ? '380' : '381',
    'cbc:Note': [
      ...(doc.original ? [`Stornorechnung zu Rechnung ${doc.original.number} vom ${doc.original.issueDate}`] : []),
      ...doc.vatBreakdown.filter((g) => g.vat.code === 'E').map((g) => g.vat.exemptionReason),
    ],
    'cbc:DocumentCurrencyCode': eur,
    'cbc:BuyerReference': doc.orderNumber,
    'cac:OrderReference': { 'cbc:ID': doc.orderNumber },
    // BG-3. @e-invoice-eu/core 2.3.4 leaves it out of the CII; pdf.ts adds it to the CII tree
    // (docs/decisions/0134-preceding-invoice-in-the-cii.md), and the note above names it for people.
    ...(doc.original && {
      'cac:BillingReference': [
        {
          'cac:InvoiceDocumentReference': {
            'cbc:ID': doc.original.number,
            'cbc:IssueDate': doc.original.issueDate,
          },
        },
      ],
    }),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        ...(seller.email && { 'cbc:EndpointID': seller.email, 'cbc:EndpointID@schemeID': 'EM' }),
        'cac:PartyName': { 'cbc:Name': seller.name },
        'cac:PostalAddress': {
          'cbc:StreetName': seller.street,
          'cbc:CityName': seller.city,
          'cbc:PostalZone': seller.zip,
          'cac:Country': { 'cbc:IdentificationCode': seller.country },
        },
        ...(taxId && {
          'cac:PartyTaxScheme': [
            { 'cbc:CompanyID': taxId, 'cac:TaxScheme': { 'cbc:ID': isVatId(taxId) ? 'VAT' : 'FC' } },
          ],
        }),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name },
        'cac:Contact': {
          'cbc:Name': seller.name,
          ...(seller.phone && { 'cbc:Telephone': seller.phone }),
          ...(seller.email && { 'cbc:ElectronicMail': seller.email }),
        },
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        'cac:PostalAddress': {
          ...(buyer.street && { 'cbc:StreetName': buyer.street }),
          ...(buyer.additional && { 'cbc:AdditionalStreetName': buyer.additional }),
          ...(buyer.city && { 'cbc:CityName': buyer.city }),
          ...(buyer.zip && { 'cbc:PostalZone': buyer.zip }),
          'cac:Country': { 'cbc:IdentificationCode': buyer.country },
        },
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
      },
    },
    'cac:Delivery': { 'cbc:ActualDeliveryDate': doc.orderDate },
    'cac:PaymentTerms': {
      'cbc:Note': doc.kind === 'invoice' ? 'Bereits bezahlt.' : 'Der Betrag wurde erstattet.',
    },
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': amount(doc.vatCents),
        'cbc:TaxAmount@currencyID': eur,
        'cac:TaxSubtotal': doc.vatBreakdown.map((group) => ({
          'cbc:TaxableAmount': amount(group.netCents),
          'cbc:TaxableAmount@currencyID': eur,
          'cbc:TaxAmount': amount(group.vatCents),
          'cbc:TaxAmount@currencyID': eur,
          'cac:TaxCategory': category(group.vat, { withReason: true }),
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(doc.netCents),
      'cbc:LineExtensionAmount@currencyID': eur,
      'cbc:TaxExclusiveAmount': amount(doc.netCents),
      'cbc:TaxExclusiveAmount@currencyID': eur,
      'cbc:TaxInclusiveAmount': amount(doc.totalCents),
      'cbc:TaxInclusiveAmount@currencyID': eur,
      // Paid in advance through the shop (or given back): nothing is left to pay.
      'cbc:PrepaidAmount': amount(doc.totalCents),
      'cbc:PrepaidAmount@currencyID': eur,
      'cbc:PayableAmount': amount(0),
      'cbc:PayableAmount@currencyID': eur,
    },
    'cac:InvoiceLine': doc.lines.map(line),
  };
  return { 'ubl:Invoice': invoice } as Invoice;
}
