import { describe, expect, it } from 'vitest';
import { withEuros } from './euroExporter.ts';

describe("a list's CSV export for the German office", () => {
  it('writes each …Cents amount as German decimal euros under …Eur and leaves the rest', () => {
    expect(
      withEuros({ id: 3, identifier: 'GK-1', priceCents: 123450, discountedPriceCents: null, maxParticipants: 8 }),
    ).toEqual({ id: 3, identifier: 'GK-1', priceEur: '1234,50', discountedPriceEur: '', maxParticipants: 8 });
    expect(withEuros({ amountOffCents: 500, percentOff: null })).toEqual({ amountOffEur: '5,00', percentOff: null });
  });
});
