import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  courseCartLine,
  CourseOfferCard,
  CourseType,
  newCartItemId,
  trackAddToCart,
  useCartStore,
  useLoad,
  type Course,
} from '@shop/shared';
import { loadNextCourses } from './nextCourses.ts';
import type { Offer } from './offers.ts';

type ListingOffer = Extract<Offer, { kind: 'group' | 'conversation' }>;

/** Into the cart and on to /cart, as the catalogue's cards do (docs/product-rules.md#screens: add to cart goes to /cart). */
function useAddToCart() {
  const navigate = useNavigate();
  return (course: Course) => {
    const item = courseCartLine(course);
    try {
      useCartStore.getState().addItem(item);
      trackAddToCart([item], { transactionId: newCartItemId() });
    } catch (error) {
      // The cart says what it has (storage unavailable): the visitor goes there all the same.
      console.error('Adding to the cart failed', error);
    }
    navigate('/cart');
  };
}

/**
 * A recommended group or conversation level (docs/decisions/0126-from-the-level-test-to-a-booking.md): its next bookable courses as cards with dates, price,
 * places and "In den Warenkorb", then the link to all of them in the catalogue. While they load, or when none can be
 * booked or the search fails, the link alone leads on.
 */
export function RecommendedCourses({ offer, tag }: { offer: ListingOffer; tag: string }) {
  const { t } = useTranslation();
  const add = useAddToCart();
  const type = offer.kind === 'group' ? CourseType.fullCourse : CourseType.conversationHours;
  const courses = useLoad(`levelTest:next:${tag}:${type}`, (signal) => loadNextCourses(tag, type, signal));
  const headingId = `level-test-offer-${offer.kind}`;
  return (
    <section className="level-test__offer" aria-labelledby={headingId}>
      <h3 id={headingId}>{t(`levelTest.complete.offers.${offer.kind}`, { level: offer.level })}</h3>
      {courses.status === 'loading' ? (
        <p role="status">{t('levelTest.complete.offers.loading')}</p>
      ) : courses.status === 'error' ? (
        <p>{t('levelTest.complete.offers.failed')}</p>
      ) : courses.data.length === 0 ? (
        <p>{t('levelTest.complete.offers.noneBookable')}</p>
      ) : (
        <ul className="level-test__course-cards" data-testid={`recommended-${offer.kind}`}>
          {courses.data.map((course) => (
            <li key={course.id}>
              <CourseOfferCard course={course} levelLabel={offer.level} onAdd={add} headingLevel={4} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={offer.to}>{t(`levelTest.complete.offers.${offer.kind}All`, { level: offer.level })}</Link>
      </p>
    </section>
  );
}
