import type { InvoiceDocument } from './document.ts';

type Node = Record<string, unknown>;
type Reference = NonNullable<InvoiceDocument['original']>;

/** ApplicableHeaderTradeSettlement's children up to BG-3's place in the CII D16B schema; BG-3 comes after them. */
const beforeReference = [
  'ram:CreditorReferenceID',
  'ram:PaymentReference',
  'ram:TaxCurrencyCode',
  'ram:InvoiceCurrencyCode',
  'ram:InvoiceIssuerReference',
  'ram:InvoicerTradeParty',
  'ram:InvoiceeTradeParty',
  'ram:PayeeTradeParty',
  'ram:TaxApplicableTradeCurrencyExchange',
  'ram:SpecifiedTradeSettlementPaymentMeans',
  'ram:ApplicableTradeTax',
  'ram:BillingSpecifiedPeriod',
  'ram:SpecifiedTradeAllowanceCharge',
  'ram:SpecifiedLogisticsServiceCharge',
  'ram:SpecifiedTradePaymentTerms',
  'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
];
/** An element's own key and its attributes' keys (`name@attribute`) in e-invoice-eu's tree. */
const elementOf = (key: string) => key.split('@', 1)[0]!;

/**
 * Adds BG-3 (the preceding invoice: BT-25 number, BT-26 date) to the CII tree e-invoice-eu renders. Its 2.3.4 maps
 * `cac:BillingReference` to nothing (a bug of that release), so a cancellation invoice's XML lost its reference to the
 * original (docs/decisions/0134-preceding-invoice-in-the-cii.md). Put at its schema place, after the monetary
 * summation; a tree that already has it (a fixed library) is left as it is.
 */
export function withPrecedingInvoice(cii: Node, original: Reference): Node {
  const transaction = (cii['rsm:CrossIndustryInvoice'] as Node | undefined)?.['rsm:SupplyChainTradeTransaction'] as
    Node | undefined;
  const settlement = transaction?.['ram:ApplicableHeaderTradeSettlement'] as Node | undefined;
  if (!transaction || !settlement) throw new Error('The CII has no ApplicableHeaderTradeSettlement for BG-3');
  if (JSON.stringify(settlement['ram:InvoiceReferencedDocument'] ?? {}).includes('IssuerAssignedID')) return cii;
  const reference = {
    'ram:IssuerAssignedID': original.number,
    // qdt:FormattedDateTimeType, format 102: YYYYMMDD.
    'ram:FormattedIssueDateTime': {
      'qdt:DateTimeString': original.issueDate.replaceAll('-', ''),
      'qdt:DateTimeString@format': '102',
    },
  };
  const entries = Object.entries(settlement).filter(([key]) => elementOf(key) !== 'ram:InvoiceReferencedDocument');
  const at = entries.findIndex(([key]) => !beforeReference.includes(elementOf(key)));
  entries.splice(at === -1 ? entries.length : at, 0, ['ram:InvoiceReferencedDocument', reference]);
  transaction['ram:ApplicableHeaderTradeSettlement'] = Object.fromEntries(entries);
  return cii;
}
