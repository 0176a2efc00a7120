import { describe, expect, it } from 'vitest';
import { withPrecedingInvoice } from './preceding-invoice.ts';

const tree = (settlement: Record<string, unknown>) => ({
  'rsm:CrossIndustryInvoice': {
    'rsm:SupplyChainTradeTransaction': { 'ram:ApplicableHeaderTradeSettlement': settlement },
  },
});
const settlementOf = (cii: Record<string, unknown>) =>
  (
    (cii['rsm:CrossIndustryInvoice'] as Record<string, Record<string, unknown>>)[
      'rsm:SupplyChainTradeTransaction'
    ] as Record<string, Record<string, unknown>>
  )['ram:ApplicableHeaderTradeSettlement']!;
const original = { number: 'RE-2026-000007', issueDate: '2026-01-15' };

describe('the preceding invoice (BG-3) in the CII', () => {
  it('puts the reference after the monetary summation and before what follows it in the schema', () => {
    const cii = withPrecedingInvoice(
      tree({
        'ram:InvoiceCurrencyCode': 'EUR',
        'ram:ApplicableTradeTax': [],
        'ram:SpecifiedTradePaymentTerms': { 'ram:Description': 'x' },
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation': { 'ram:DuePayableAmount': '0.00' },
        'ram:ReceivableSpecifiedTradeAccountingAccount': { 'ram:ID': '4711' },
      }),
      original,
    );
    const settlement = settlementOf(cii);
    expect(Object.keys(settlement)).toEqual([
      'ram:InvoiceCurrencyCode',
      'ram:ApplicableTradeTax',
      'ram:SpecifiedTradePaymentTerms',
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      'ram:InvoiceReferencedDocument',
      'ram:ReceivableSpecifiedTradeAccountingAccount',
    ]);
    expect(settlement['ram:InvoiceReferencedDocument']).toEqual({
      'ram:IssuerAssignedID': 'RE-2026-000007',
      'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': '20260115', 'qdt:DateTimeString@format': '102' },
    });
  });

  it('leaves a reference the library made itself, and refuses a tree without a settlement', () => {
    const made = { 'ram:IssuerAssignedID': 'RE-1' };
    const cii = withPrecedingInvoice(tree({ 'ram:InvoiceReferencedDocument': made }), original);
    expect(settlementOf(cii)['ram:InvoiceReferencedDocument']).toBe(made);
    expect(() => withPrecedingInvoice({}, original)).toThrow(/ApplicableHeaderTradeSettlement/);
  });
});
