import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTranslations, useCartStore, type FlexibleLearningCourse } from '@shop/shared';
import { courseFixture, startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { ShopOriginCartProvider } from '../cart/CatalogCart.tsx';
import { FlexibleCourseCard } from './FlexibleCourseCard.tsx';

const slot = (id: number, startDate: string) =>
  courseFixture({
    id,
    type: 2,
    startDate,
    endDate: startDate,
    startTime: '10:00',
    endTime: '11:30',
    registrationDeadline: '2999-01-01',
    freePlaces: 3,
    flexibleLearningCourseId: 4,
  });

const flexibleModule: FlexibleLearningCourse = {
  id: 4,
  moduleIdentifier: 'A1.1',
  titles: [{ language: 'de', description: 'Flexibel A1.1' }],
  descriptions: [],
  tags: [{ categoryId: 3, slug: 'a1' }],
  courses: [slot(41, '2999-03-02'), slot(42, '2999-03-09')],
};

function renderCard(goToCart = vi.fn()) {
  render(
    <ShopOriginCartProvider goToCart={goToCart}>
      <FlexibleCourseCard course={flexibleModule} detailsControl={{ open: false, onToggle: () => {} }} />
    </ShopOriginCartProvider>,
  );
  return goToCart;
}

const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('FlexibleCourseCard (docs/product-rules.md#screens)', () => {
  beforeAll(async () => {
    registerTranslations(areaTranslations);
    await startI18n();
  });
  afterEach(() => {
    cleanup();
    useCartStore.getState().clear();
  });

  it('chooses one appointment by radio; choosing it again clears the choice, choosing another moves it', () => {
    renderCard();
    fireEvent.click(radio(/02\.03\.2999/));
    expect(radio(/02\.03\.2999/).checked).toBe(true);
    fireEvent.click(radio(/09\.03\.2999/));
    expect([radio(/02\.03\.2999/).checked, radio(/09\.03\.2999/).checked]).toEqual([false, true]);
    fireEvent.click(radio(/09\.03\.2999/));
    expect([radio(/02\.03\.2999/).checked, radio(/09\.03\.2999/).checked]).toEqual([false, false]);
  });

  it('puts the chosen appointment into the cart and goes to /cart; without a choice it asks for one', () => {
    const goToCart = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(screen.getByRole('alert').textContent).toBe('Bitte wählen Sie zuerst einen Termin.');
    expect(goToCart).not.toHaveBeenCalled();
    fireEvent.click(radio(/09\.03\.2999/));
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(goToCart).toHaveBeenCalledTimes(1);
    expect(useCartStore.getState().items.map((item) => item.itemType === 'course' && item.courseId)).toEqual([42]);
  });

  it('ties the missing choice to the appointments: each radio is invalid and the group names the error (WCAG 3.3.1)', () => {
    renderCard();
    const group = screen.getByRole('group', { name: 'Termin wählen' });
    fireEvent.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    const error = screen.getByRole('alert');
    expect(error.id).not.toBe('');
    expect(group.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect([radio(/02\.03\.2999/), radio(/09\.03\.2999/)].map((r) => r.getAttribute('aria-invalid'))).toEqual([
      'true',
      'true',
    ]);
    fireEvent.click(radio(/09\.03\.2999/));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(group.getAttribute('aria-describedby')).not.toContain(error.id);
    expect(radio(/02\.03\.2999/).getAttribute('aria-invalid')).toBeNull();
  });

  it('says why an appointment cannot be chosen: fully booked, or its registration has closed', () => {
    const closed = { ...slot(43, '2999-03-16'), registrationDeadline: '2000-01-01' };
    const full = { ...slot(44, '2999-03-23'), freePlaces: 0 };
    render(
      <ShopOriginCartProvider goToCart={vi.fn()}>
        <FlexibleCourseCard
          course={{ ...flexibleModule, courses: [closed, full] }}
          detailsControl={{ open: false, onToggle: () => {} }}
        />
      </ShopOriginCartProvider>,
    );
    expect(radio(/16\.03\.2999/).disabled).toBe(true);
    expect(radio(/16\.03\.2999/).labels?.[0]?.textContent).toContain('Anmeldeschluss vorbei');
    expect(radio(/23\.03\.2999/).disabled).toBe(true);
    expect(radio(/23\.03\.2999/).labels?.[0]?.textContent).toContain('ausgebucht');
    // Nothing can be chosen, so nothing can go into the cart: the button does not ask for a choice no one can make.
    expect(screen.getByRole('button', { name: 'In den Warenkorb' })).toHaveProperty('disabled', true);
  });
});
