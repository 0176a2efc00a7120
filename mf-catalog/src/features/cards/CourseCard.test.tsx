import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerTranslations, type Course } from '@shop/shared';
import { courseFixture, startI18n } from '@shop/shared/testing';
import { areaTranslations } from '../../i18n/index.ts';
import { ShopOriginCartProvider } from '../cart/CatalogCart.tsx';
import { CourseCard } from './CourseCard.tsx';
import { localToday } from './cardView.ts';

function renderCard(course: Course) {
  render(
    <ShopOriginCartProvider goToCart={vi.fn()}>
      <CourseCard course={course} detailsControl={{ open: false, onToggle: () => {} }} />
    </ShopOriginCartProvider>,
  );
}

const closedNote = 'Für diesen Kurs ist die Anmeldefrist abgelaufen.';
const addButton = () => screen.queryByRole('button', { name: 'In den Warenkorb' });
const waitlistButton = () => screen.queryByRole('button', { name: 'Auf die Warteliste' });

describe('CourseCard: the way in (docs/product-rules.md#occupancy: no booking after the registration deadline)', () => {
  beforeAll(async () => {
    registerTranslations(areaTranslations);
    await startI18n();
  });
  afterEach(cleanup);

  it('offers the cart while places are free and the deadline is today or later', () => {
    renderCard(courseFixture({ freePlaces: 3, registrationDeadline: localToday() }));
    expect(addButton()).not.toBeNull();
    expect(screen.queryByText(closedNote)).toBeNull();
  });

  it('offers the waitlist for a fully booked course whose deadline has not passed', () => {
    renderCard(courseFixture({ freePlaces: 0, registrationDeadline: '2999-01-01' }));
    expect(waitlistButton()).not.toBeNull();
    expect(addButton()).toBeNull();
  });

  it.each([3, 0])(
    'offers neither cart nor waitlist once the deadline has passed (%i places free), and says why',
    (freePlaces) => {
      renderCard(courseFixture({ freePlaces, registrationDeadline: '2000-01-01' }));
      expect(addButton()).toBeNull();
      expect(waitlistButton()).toBeNull();
      expect(screen.getByText(closedNote)).toBeTruthy();
    },
  );
});
