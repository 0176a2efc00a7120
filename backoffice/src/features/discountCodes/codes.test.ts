import { describe, expect, it } from 'vitest';
import { codeBody, dayOf, endOfDay, lastDayOf, startOfDay } from './index.tsx';

describe("a discount code's form", () => {
  it('turns the validity days into the instants the API keeps (until is exclusive) and back', () => {
    const from = startOfDay('2026-03-01')!;
    const until = endOfDay('2026-03-31')!;
    expect(new Date(from).getDate()).toBe(1);
    expect(dayOf(from)).toBe('2026-03-01');
    expect(dayOf(until)).toBe('2026-04-01');
    expect(lastDayOf(until)).toBe('2026-03-31');
    expect(startOfDay('')).toBeNull();
    expect(endOfDay(null)).toBeNull();
  });

  it('sends the amount of its kind only, the code in capitals, and no empty item list', () => {
    expect(
      codeBody({
        code: ' sommer10 ',
        kind: 'percent',
        percentOff: 10,
        amountOffCents: 500,
        itemTypes: [],
        validFromDay: null,
        validUntilDay: '2026-08-31',
      }),
    ).toMatchObject({
      code: 'SOMMER10',
      percentOff: 10,
      amountOffCents: null,
      itemTypes: null,
      validFrom: null,
      validUntil: endOfDay('2026-08-31'),
      minOrderCents: null,
      usageLimit: null,
      usageLimitPerCustomer: null,
      active: true,
    });
    expect(codeBody({ kind: 'fixed', percentOff: 10, amountOffCents: 500, itemTypes: ['course'] })).toMatchObject({
      percentOff: null,
      amountOffCents: 500,
      itemTypes: ['course'],
    });
  });
});
