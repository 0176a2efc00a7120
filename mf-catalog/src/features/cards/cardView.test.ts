import { describe, expect, it } from 'vitest';
import { cardTexts, isBookable, levelOf, levelsOf, localToday, priceOf, scheduleOf } from './cardView.ts';

const nbsp = '\u00a0';

describe('levelOf', () => {
  it('reads the level tag (category 3)', () => {
    expect(
      levelOf(
        {
          tags: [
            { categoryId: 6, slug: 'monday' },
            { categoryId: 3, slug: 'b2' },
          ],
        },
        'a1',
      ),
    ).toBe('b2');
  });
  it('defaults to a1 for courses and flex for products', () => {
    expect(levelOf({ tags: [{ categoryId: 6, slug: 'monday' }] }, 'a1')).toBe('a1');
    expect(levelOf({ tags: [] }, 'flex')).toBe('flex');
  });
  it('lists every level tag, or the default alone', () => {
    const tags = [
      { categoryId: 3, slug: 'b1' },
      { categoryId: 6, slug: 'monday' },
      { categoryId: 3, slug: 'b2' },
    ];
    expect(levelsOf({ tags }, 'flex')).toEqual(['b1', 'b2']);
    expect(levelsOf({ tags: [] }, 'a1')).toEqual(['a1']);
  });
});

describe('cardTexts', () => {
  const entity = {
    titles: [
      { language: 'de', description: 'Spanisch A1' },
      { language: 'es', description: 'Español A1' },
    ],
    descriptions: [
      { language: 'de', type: 'pretitle', description: '8 Wochen' },
      { language: 'de', type: 'short', description: 'Für Einsteiger' },
      { language: 'es', type: 'short', description: 'Para principiantes' },
    ],
  } as const;
  it('picks the language, falling back to German per text', () => {
    expect(cardTexts(entity, 'es')).toEqual({ title: 'Español A1', pretitle: '8 Wochen', short: 'Para principiantes' });
    expect(cardTexts(entity, 'en')).toEqual({ title: 'Spanisch A1', pretitle: '8 Wochen', short: 'Für Einsteiger' });
  });
});

describe('scheduleOf', () => {
  it('formats the date as dd.MM.yyyy and times as HH:mm', () => {
    expect(scheduleOf({ startDate: '2026-03-02', startTime: '9:05', endTime: '10:35' })).toEqual({
      date: '02.03.2026',
      time: { start: '09:05', end: '10:35' },
    });
  });
  it('has no time when held by appointment (no start or end time)', () => {
    expect(scheduleOf({ startDate: '2026-03-02', startTime: null, endTime: null }).time).toBeNull();
    expect(scheduleOf({ startDate: '2026-03-02', startTime: '10:00', endTime: null }).time).toBeNull();
  });
});

describe('priceOf', () => {
  it('formats in German with the offer price only when it is lower', () => {
    expect(priceOf({ price: 289, discountedPrice: 259 })).toEqual({ regular: `289${nbsp}€`, offer: `259${nbsp}€` });
    expect(priceOf({ price: 1234.5, discountedPrice: null })).toEqual({ regular: `1.234,50${nbsp}€`, offer: null });
    expect(priceOf({ price: 69, discountedPrice: 69 }).offer).toBeNull();
  });
});

describe('isBookable', () => {
  it('needs a free place and a deadline not yet passed', () => {
    expect(isBookable({ freePlaces: 1, registrationDeadline: '2026-03-01' }, '2026-03-01')).toBe(true);
    expect(isBookable({ freePlaces: 0, registrationDeadline: '2026-03-01' }, '2026-02-01')).toBe(false);
    expect(isBookable({ freePlaces: 3, registrationDeadline: '2026-03-01' }, '2026-03-02')).toBe(false);
  });
  it('takes today from the local calendar', () => {
    expect(localToday(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
