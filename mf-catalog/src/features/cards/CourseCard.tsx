import { useTranslation } from 'react-i18next';
import { Button, formatDate, type Course } from '@shop/shared';
import { courseCartItem } from '../cart/cartItems.ts';
import { useCatalogCart } from '../cart/CatalogCart.tsx';
import { CardFrame, Fact, OccupancyIndicator, PriceTag, type DetailsControl } from './CardParts.tsx';
import { cardTexts, levelOf, registrationOpen, scheduleOf } from './cardView.ts';
import { WaitlistJoin } from '../waitlist/WaitlistJoin.tsx';

/** A course in a listing: what it is, when, which level, how full, what it costs, and the way into the cart. */
export function CourseCard({ course, detailsControl }: { course: Course; detailsControl: DetailsControl }) {
  const { t, i18n } = useTranslation();
  const cart = useCatalogCart();
  const texts = cardTexts(course, i18n.resolvedLanguage ?? 'de');
  const schedule = scheduleOf(course);
  const id = `course-${course.id}`;

  return (
    <CardFrame
      id={id}
      texts={texts}
      level={levelOf(course, 'a1')}
      detailsControl={detailsControl}
      facts={
        <>
          <Fact term={t('catalog.card.date')}>{schedule.date}</Fact>
          <Fact term={t('catalog.card.time')}>
            {schedule.time ? t('catalog.card.timeRange', schedule.time) : t('catalog.card.byAppointment')}
          </Fact>
          <Fact term={t('catalog.card.location')}>{t('catalog.card.online')}</Fact>
          <Fact term={t('catalog.card.price')} className="catalog-card__price">
            <PriceTag price={course.price} discountedPrice={course.discountedPrice} />
          </Fact>
        </>
      }
      details={
        <dl className="catalog-card__facts">
          <Fact term={t('catalog.card.endDate')}>{formatDate(course.endDate)}</Fact>
          <Fact term={t('catalog.card.deadline')}>{formatDate(course.registrationDeadline)}</Fact>
          <Fact term={t('catalog.card.places')}>
            {t('catalog.card.placesValue', { free: course.freePlaces, max: course.maxParticipants })}
          </Fact>
        </dl>
      }
    >
      <OccupancyIndicator course={course} />
      {!registrationOpen(course) ? (
        // Listed until it starts, but no longer bookable (docs/product-rules.md#occupancy): the cart would only take it
        // out again, and the waitlist would refuse it, so the card says so instead; the waitlist's own sentence.
        <p className="catalog-card__closed">{t('catalog.waitlist.errors.closed')}</p>
      ) : course.freePlaces > 0 ? (
        <Button onClick={() => cart.add(courseCartItem(course))} aria-describedby={`${id}-title`}>
          {t('catalog.card.addToCart')}
        </Button>
      ) : (
        // Fully booked is no dead end: the waitlist gets the places that come back.
        <WaitlistJoin course={course} titleId={`${id}-title`} />
      )}
    </CardFrame>
  );
}
