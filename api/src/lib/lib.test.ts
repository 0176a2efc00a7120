import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoDateInZone, monthIndex, nextMonday, weekdayIndex } from './dates.ts';
import { centsToEuro, euroToCents, maxSqlInteger, priceBoundToCents } from './money.ts';
import { isHttpsUrl } from './urls.ts';

describe('dates', () => {
  it('takes today in Berlin, not in UTC', () => {
    expect(isoDateInZone(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04-01');
    expect(isoDateInZone(new Date('2026-01-15T22:59:00Z'))).toBe('2026-01-15');
  });

  it('adds days across months, years and DST changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-05', -5)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
  });

  it('numbers weekdays from Monday and finds the next Monday', () => {
    expect(weekdayIndex('2026-01-19')).toBe(0);
    expect(weekdayIndex('2026-01-18')).toBe(6);
    expect(monthIndex('2026-12-01')).toBe(11);
    expect(nextMonday('2026-01-15')).toBe('2026-01-19');
    expect(nextMonday('2026-01-19')).toBe('2026-01-26');
  });
});

describe('money', () => {
  it('converts between cents and EUR', () => {
    expect(centsToEuro(12000)).toBe(120);
    expect(centsToEuro(9950)).toBe(99.5);
    expect(euroToCents(0.29)).toBe(29);
    expect(euroToCents(1.1)).toBe(110);
  });

  it('rounds filter bounds inwards, ignores float noise and clamps', () => {
    expect(priceBoundToCents(1.1, 'min')).toBe(110);
    expect(priceBoundToCents(1.1, 'max')).toBe(110);
    expect(priceBoundToCents(0.001, 'min')).toBe(1);
    expect(priceBoundToCents(0.001, 'max')).toBe(0);
    expect(priceBoundToCents(99.505, 'max')).toBe(9950);
    expect(priceBoundToCents(1e300, 'max')).toBe(maxSqlInteger);
  });
});

describe('urls', () => {
  it('takes only absolute https:// URLs', () => {
    expect(isHttpsUrl('https://shop.example/')).toBe(true);
    expect(isHttpsUrl('http://shop.example/')).toBe(false);
    expect(isHttpsUrl('shop.example')).toBe(false);
  });
});
