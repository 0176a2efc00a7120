import { describe, expect, it } from 'vitest';
import { addMonths } from './dates.ts';

describe('addMonths', () => {
  it('adds calendar months, keeping the time', () => {
    expect(addMonths(new Date('2026-01-15T09:00:00Z'), 12).toISOString()).toBe('2027-01-15T09:00:00.000Z');
  });
  it('clamps to the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});
