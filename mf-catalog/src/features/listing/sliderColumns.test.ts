import { describe, expect, it } from 'vitest';
import { columnsInView, pageSteps } from './sliderColumns.ts';

describe('slider columns', () => {
  it('shows 1 column on a phone, 2 from 768 px, and the page’s own count from 1140 px', () => {
    expect([390, 767, 768, 1139, 1140, 1920].map((width) => columnsInView(width, 3))).toEqual([1, 1, 2, 2, 3, 3]);
    expect(columnsInView(1280, 2)).toBe(2);
  });

  it('brings two pages (views) first and one page per step', () => {
    expect(pageSteps).toEqual({ first: 2, perStep: 1 });
  });
});
