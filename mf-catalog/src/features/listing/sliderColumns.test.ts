import { describe, expect, it } from 'vitest';
import { columnSteps, columnsInView, firstColumnsAtMost } from './sliderColumns.ts';

describe('slider columns', () => {
  it('shows 1 column on a phone, 2 from 768 px, and the page’s own count from 1140 px', () => {
    expect([390, 767, 768, 1139, 1140, 1920].map((width) => columnsInView(width, 3))).toEqual([1, 1, 2, 2, 3, 3]);
    expect(columnsInView(1280, 2)).toBe(2);
  });

  it('brings two views first and one view per step', () => {
    expect(columnSteps(390, 3)).toEqual({ first: 2, perStep: 1 });
    expect(columnSteps(1024, 3)).toEqual({ first: 4, perStep: 2 });
    expect(columnSteps(1280, 3)).toEqual({ first: 6, perStep: 3 });
    expect(columnSteps(1280, 2)).toEqual({ first: 4, perStep: 2 });
    expect(firstColumnsAtMost).toBe(6);
  });
});
