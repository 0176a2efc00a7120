import { describe, expect, it } from 'vitest';
import type { TagCategory } from '@shop/shared';
import {
  courseStartUntil,
  filterCategories,
  filterReducer,
  initialFilterState,
  selectedCount,
  type FilterAction,
  type FilterState,
} from './filterState.ts';

const run = (state: FilterState, ...actions: FilterAction[]) => actions.reduce(filterReducer, state);

describe('filter state', () => {
  it('starts closed, with preselected tags applied and a range of 3 months', () => {
    const state = initialFilterState(['b1']);
    expect(state).toEqual({ open: false, draft: { tags: ['b1'], months: 3 }, applied: { tags: ['b1'], months: 3 } });
    expect(initialFilterState().applied).toEqual({ tags: [], months: 3 });
  });

  it('toggles the panel', () => {
    expect(run(initialFilterState(), { type: 'toggleOpen' }).open).toBe(true);
    expect(run(initialFilterState(), { type: 'toggleOpen' }, { type: 'toggleOpen' }).open).toBe(false);
  });

  it('selects and deselects tags in the draft; only apply changes what is shown', () => {
    const state = run(
      initialFilterState(),
      { type: 'toggleTag', slug: 'monday' },
      { type: 'toggleTag', slug: 'b1' },
      { type: 'setRange', months: 9 },
    );
    expect(state.draft).toEqual({ tags: ['monday', 'b1'], months: 9 });
    expect(state.applied).toEqual({ tags: [], months: 3 });
    expect(selectedCount(state)).toBe(2);
    const applied = run(state, { type: 'apply' });
    expect(applied.applied).toEqual({ tags: ['monday', 'b1'], months: 9 });
    expect(run(applied, { type: 'toggleTag', slug: 'monday' }).draft.tags).toEqual(['b1']);
  });

  it('clears one category in the draft', () => {
    const state = run(initialFilterState(['monday', 'friday', 'b1']), {
      type: 'clearCategory',
      slugs: ['monday', 'tuesday', 'friday'],
    });
    expect(state.draft.tags).toEqual(['b1']);
    expect(state.applied.tags).toEqual(['monday', 'friday', 'b1']);
  });

  it('clear empties the selection, resets the range to 3 and applies at once', () => {
    const state = run(
      initialFilterState(['b1']),
      { type: 'setRange', months: 12 },
      { type: 'apply' },
      { type: 'toggleOpen' },
      { type: 'clear' },
    );
    expect(state.draft).toEqual({ tags: [], months: 3 });
    expect(state.applied).toEqual({ tags: [], months: 3 });
    expect(state.open).toBe(true);
  });

  it('drops tags no category knows', () => {
    const state = run(initialFilterState(['b1', 'nonsense']), { type: 'keepKnown', slugs: ['a1', 'b1'] });
    expect(state.draft.tags).toEqual(['b1']);
    expect(state.applied.tags).toEqual(['b1']);
  });
});

describe('courseStartUntil', () => {
  it('adds the range in months and writes yyyy-MM-dd', () => {
    expect(courseStartUntil(3, new Date(2026, 0, 15))).toBe('2026-04-15');
    expect(courseStartUntil(12, new Date(2026, 0, 15))).toBe('2027-01-15');
    expect(courseStartUntil(6, new Date(2026, 7, 31))).toBe('2027-02-28');
  });
});

describe('filterCategories', () => {
  it('offers day, level, time, month and time range in that order, without other categories', () => {
    const category = (id: number, slug: string): TagCategory => ({ id, slug, tags: [] });
    const all = [
      category(1, 'time'),
      category(2, 'month'),
      category(3, 'level'),
      category(4, 'time-range'),
      category(5, 'collection'),
      category(6, 'weekday'),
    ];
    expect(filterCategories(all).map((c) => c.slug)).toEqual(['weekday', 'level', 'time', 'month', 'time-range']);
  });
});
