import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoDateInZone, monthIndex, nextMonday, weekdayIndex } from './dates.ts';
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

describe('urls', () => {
  it('takes only absolute https:// URLs', () => {
    expect(isHttpsUrl('https://shop.example/')).toBe(true);
    expect(isHttpsUrl('http://shop.example/')).toBe(false);
    expect(isHttpsUrl('shop.example')).toBe(false);
  });
});
