import { useTranslation } from 'react-i18next';
import { formatCourseDates, pickText, type OrderStateBooking } from '@shop/shared';

/**
 * The confirmation's dates and participants: each booked course with when it meets ("16 Termine,
 * dienstags und donnerstags 18:30–20:00 Uhr, 08.12.2026 – 28.01.2027") and who takes part, so the buyer can check
 * both without waiting for the mail.
 */
export function OrderBookings({ bookings }: { bookings: readonly OrderStateBooking[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  if (bookings.length === 0) return null;
  return (
    <section aria-labelledby="order-bookings-title" data-testid="order-bookings">
      <h2 id="order-bookings-title">{t('cartCheckout.checkoutComplete.bookingsTitle')}</h2>
      <ul className="checkout-bookings">
        {bookings.map((booking, index) => (
          <li key={index}>
            <h3>{pickText(booking.course.titles, language)}</h3>
            <p>{formatCourseDates(booking.course, t, language)}</p>
            {booking.participants.length > 0 ? (
              <p>
                {t('cartCheckout.checkoutComplete.participants', { count: booking.participants.length })}{' '}
                {booking.participants.map((person) => `${person.firstname} ${person.lastname}`.trim()).join(', ')}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
