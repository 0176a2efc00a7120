import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, formatDate, formatMoney, formatTime, pickText, useCartStore, type Course } from '@shop/shared';
import { courseLevel } from './courseView.ts';

/** A course in a listing: what it is, when, which level, what it costs, and the way into the cart. */
export function CourseCard({ course }: { course: Course }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const addItem = useCartStore((state) => state.addItem);
  const language = i18n.resolvedLanguage ?? 'de';
  const title = pickText(course.titles, language);
  const pretitle = pickText(course.descriptions.filter((d) => d.type === 'pretitle'), language);
  const short = pickText(course.descriptions.filter((d) => d.type === 'short'), language);
  const level = courseLevel(course);

  const addToCart = () => {
    addItem({ itemType: 'course', quantity: 1, courseId: course.id, courseType: course.type, courseDetails: course });
    navigate('/cart');
  };

  return (
    <article className="catalog-card" aria-labelledby={`course-${course.id}-title`}>
      {pretitle ? <p className="catalog-card__pretitle">{pretitle}</p> : null}
      <h2 id={`course-${course.id}-title`} className="catalog-card__title">
        {title}
      </h2>
      <p className="catalog-card__level">
        <span className="shop-visually-hidden">{t('catalog.card.level')} </span>
        <span className="catalog-card__tag">{level.toUpperCase()}</span>
      </p>
      {short ? <p>{short}</p> : null}
      <dl className="catalog-card__facts">
        <dt>{t('catalog.card.date')}</dt>
        <dd>{formatDate(course.startDate)}</dd>
        <dt>{t('catalog.card.time')}</dt>
        <dd>
          {course.startTime && course.endTime
            ? t('catalog.card.timeRange', { start: formatTime(course.startTime), end: formatTime(course.endTime) })
            : t('catalog.card.byAppointment')}
        </dd>
        <dt>{t('catalog.card.price')}</dt>
        <dd className="catalog-card__price">
          {course.discountedPrice !== null ? (
            <>
              <del aria-label={t('catalog.card.regularPrice', { price: formatMoney(course.price) })}>{formatMoney(course.price)}</del>{' '}
              <strong>{formatMoney(course.discountedPrice)}</strong>
            </>
          ) : (
            <strong>{formatMoney(course.price)}</strong>
          )}
        </dd>
      </dl>
      <Button onClick={addToCart} aria-describedby={`course-${course.id}-title`}>
        {t('catalog.card.addToCart')}
      </Button>
    </article>
  );
}
