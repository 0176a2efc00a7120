import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, type Course, type FlexibleLearningCourse } from '@shop/shared';
import { courseCartItem } from '../cart/cartItems.ts';
import { useCatalogCart } from '../cart/CatalogCart.tsx';
import { CardFrame, Fact, OccupancyIndicator, PriceTag, type DetailsControl } from './CardParts.tsx';
import { cardTexts, isBookable, levelOf, registrationOpen, scheduleOf } from './cardView.ts';
import { chooseSlot, flexiblePrice } from './flexibleSlots.ts';

/** A flexible-learning module: its appointments as radios (at most one, undoable), then into the cart. */
export function FlexibleCourseCard({
  course,
  detailsControl,
}: {
  course: FlexibleLearningCourse;
  detailsControl: DetailsControl;
}) {
  const { t, i18n } = useTranslation();
  const cart = useCatalogCart();
  const [chosen, setChosen] = useState<number | null>(null);
  const [missingChoice, setMissingChoice] = useState(false);
  const groupName = useId();
  const id = `flexible-${course.id}`;
  const price = flexiblePrice(course.courses, chosen);
  const chosenCourse = course.courses.find((c) => c.id === chosen);

  const choose = (slotId: number) => {
    setChosen((current) => chooseSlot(current, slotId));
    setMissingChoice(false);
  };
  const add = () => {
    if (!chosenCourse) return setMissingChoice(true);
    cart.add(courseCartItem(chosenCourse));
  };

  return (
    <CardFrame
      id={id}
      texts={cardTexts(course, i18n.resolvedLanguage ?? 'de')}
      level={levelOf(course, 'a1')}
      detailsControl={detailsControl}
      facts={
        <>
          <Fact term={t('catalog.card.location')}>{t('catalog.card.online')}</Fact>
          {price ? (
            <Fact term={t('catalog.card.price')} className="catalog-card__price">
              <PriceTag
                price={price.price}
                discountedPrice={price.discountedPrice}
                prefix={price.from ? (p) => t('catalog.card.fromPrice', { price: p }) : undefined}
              />
            </Fact>
          ) : null}
        </>
      }
      details={
        <dl className="catalog-card__facts">
          <Fact term={t('catalog.card.module')}>{course.moduleIdentifier}</Fact>
          <Fact term={t('catalog.card.appointments')}>{course.courses.length}</Fact>
        </dl>
      }
    >
      {course.courses.length === 0 ? (
        <p>{t('catalog.flexible.noAppointments')}</p>
      ) : (
        // The missing choice is the group's error: named by it and marked on its radios (WCAG 1.3.1, 3.3.1).
        <fieldset className="catalog-slots" aria-describedby={missingChoice ? `${id}-hint ${id}-error` : `${id}-hint`}>
          <legend>{t('catalog.flexible.choose')}</legend>
          <p id={`${id}-hint`} className="catalog-slots__hint">
            {t('catalog.flexible.chooseHint')}
          </p>
          {course.courses.map((slot) => (
            <label key={slot.id} className="catalog-slot">
              <input
                type="radio"
                name={groupName}
                value={slot.id}
                checked={chosen === slot.id}
                disabled={!isBookable(slot)}
                aria-invalid={missingChoice || undefined}
                // A click on the chosen radio fires no change event: it is the way to undo the choice.
                onClick={() => chosen === slot.id && choose(slot.id)}
                onChange={() => choose(slot.id)}
              />
              <SlotLabel slot={slot} />
            </label>
          ))}
        </fieldset>
      )}
      {chosenCourse ? <OccupancyIndicator course={chosenCourse} /> : null}
      {missingChoice ? (
        <p id={`${id}-error`} className="catalog-slots__error" role="alert">
          {t('catalog.flexible.required')}
        </p>
      ) : null}
      {/* Disabled while no appointment can be chosen (none, or none bookable): it would only ask for a choice. */}
      <Button
        onClick={add}
        aria-describedby={`${id}-title`}
        disabled={!course.courses.some((slot) => isBookable(slot))}
      >
        {t('catalog.card.addToCart')}
      </Button>
    </CardFrame>
  );
}

/** An appointment's date and time, and why it cannot be chosen when its radio is disabled (isBookable). */
function SlotLabel({ slot }: { slot: Course }) {
  const { t } = useTranslation();
  const schedule = scheduleOf(slot);
  const when = schedule.time
    ? `${schedule.date}, ${t('catalog.card.timeRange', schedule.time)}`
    : t('catalog.flexible.slotRange', { from: schedule.date, to: formatDate(slot.endDate) });
  const why = !registrationOpen(slot)
    ? 'catalog.flexible.closed'
    : slot.freePlaces <= 0
      ? 'catalog.flexible.soldOut'
      : null;
  return (
    <span>
      {when}
      {why ? ` (${t(why)})` : null}
    </span>
  );
}
