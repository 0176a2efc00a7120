/** Course occupancy of docs/product-rules.md#states, from booked places (max − free) against max participants. */
export type Occupancy = 'open' | 'normal' | 'low' | 'full';

/** Thresholds of docs/product-rules.md#limits, in percent booked: open ≤ 30 < normal ≤ 60 < low ≤ 85 < full. */
export const occupancyThresholds = { open: 30, normal: 60, low: 85 } as const;

export function occupancyOf(course: { maxParticipants: number; freePlaces: number }): Occupancy {
  const { maxParticipants: max, freePlaces: free } = course;
  // A course without places cannot be booked: it counts as full.
  if (max <= 0) return 'full';
  // eslint-disable-next-line no-restricted-syntax -- a share of places, not money
  const bookedPercent = ((max - Math.min(Math.max(free, 0), max)) / max) * 100;
  if (bookedPercent <= occupancyThresholds.open) return 'open';
  if (bookedPercent <= occupancyThresholds.normal) return 'normal';
  if (bookedPercent <= occupancyThresholds.low) return 'low';
  return 'full';
}
