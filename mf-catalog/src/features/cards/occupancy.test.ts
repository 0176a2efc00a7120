import { describe, expect, it } from 'vitest';
import { occupancyOf } from './occupancy.ts';

const of = (maxParticipants: number, freePlaces: number) => occupancyOf({ maxParticipants, freePlaces });

describe('occupancyOf (docs/product-rules.md#states: 30 / 60 / 85 % booked)', () => {
  it('is open up to and including 30 % booked', () => {
    expect(of(10, 10)).toBe('open');
    expect(of(10, 7)).toBe('open');
  });
  it('is normal above 30 up to and including 60 %', () => {
    expect(of(10, 6)).toBe('normal');
    expect(of(10, 4)).toBe('normal');
    expect(of(1000, 699)).toBe('normal');
  });
  it('is low above 60 up to and including 85 %', () => {
    expect(of(10, 3)).toBe('low');
    expect(of(20, 3)).toBe('low');
    expect(of(1000, 399)).toBe('low');
  });
  it('is full above 85 %', () => {
    expect(of(20, 2)).toBe('full');
    expect(of(6, 0)).toBe('full');
    expect(of(1000, 149)).toBe('full');
  });
  it('treats impossible data safely', () => {
    expect(of(0, 0)).toBe('full');
    expect(of(10, 12)).toBe('open');
    expect(of(10, -1)).toBe('full');
  });
});
