import { useTranslation } from 'react-i18next';
import { pickText, type Course } from '../contract/index.ts';
import { formatCourseDates, formatDate, weekdaysOfTags } from '../format/index.ts';
import { formatMoney } from '../money/index.ts';
import { Button, Card } from './primitives.tsx';

/**
 * A course offered outside the catalogue's listings (the level test's recommendations): what it is, when it meets,
 * its price, how many places are left, and the way into the cart. The catalogue's own cards carry more (details,
 * the waitlist); this one is for a screen that recommends a few courses and leads to booking one.
 */
export function CourseOfferCard({
  course,
  levelLabel,
  onAdd,
  headingLevel = 3,
}: {
  course: Course;
  /** The level the card names (e.g. "B1"), shown before the title. */
  levelLabel?: string;
  onAdd: (course: Course) => void;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const Heading = `h${headingLevel}` as const;
  const titleId = `course-offer-${course.id}`;
  const dates = formatCourseDates(
    { ...course, weekdays: weekdaysOfTags(course.tags) },
    (key, options) => t(key, options),
    language,
  );
  const offer = course.discountedPrice !== null && course.discountedPrice < course.price;
  return (
    <Card className="shop-offer-card">
      <Heading id={titleId} className="shop-offer-card__title">
        {levelLabel ? <span className="shop-offer-card__level">{levelLabel}</span> : null}
        {pickText(course.titles, language)}
      </Heading>
      <dl className="shop-offer-card__facts">
        <div>
          <dt>{t('common.courseOffer.dates')}</dt>
          <dd>{dates}</dd>
        </div>
        <div>
          <dt>{t('common.courseOffer.deadline')}</dt>
          <dd>{formatDate(course.registrationDeadline)}</dd>
        </div>
        <div>
          <dt>{t('common.courseOffer.places')}</dt>
          <dd>{t('common.courseOffer.placesValue', { free: course.freePlaces, max: course.maxParticipants })}</dd>
        </div>
        <div>
          <dt>{t('common.courseOffer.price')}</dt>
          <dd className="shop-offer-card__price">
            {offer ? (
              <>
                <strong>{formatMoney(course.discountedPrice!)}</strong>{' '}
                <s>
                  <span className="shop-visually-hidden">{t('common.courseOffer.insteadOf')} </span>
                  {formatMoney(course.price)}
                </s>
              </>
            ) : (
              <strong>{formatMoney(course.price)}</strong>
            )}
            <span className="shop-offer-card__vat">{t('common.price.vatExempt')}</span>
          </dd>
        </div>
      </dl>
      <Button onClick={() => onAdd(course)} aria-describedby={titleId}>
        {t('common.courseOffer.addToCart')}
      </Button>
    </Card>
  );
}
