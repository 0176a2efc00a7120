import { useTranslation } from 'react-i18next';
import {
  CalendarFileButton,
  Card,
  completePaymentLink,
  CourseType,
  fetchCustomerOrderCalendar,
  formatDate,
  formatDateTime,
  formatCents,
  formatMoney,
  formatSchedule,
  LinePrice,
  orderDisplayStatus,
  orderStatusTone,
  pickText,
  presentOrder,
  PriceSummaryList,
  type CourseBooking,
  type Order,
  type PresentedLine,
} from '@shop/shared';
import { OrderInvoices } from './OrderInvoices.tsx';
import { useNowAfter } from './useNowAfter.ts';

/** Marks a position the consumer withdrew from, with the day the declaration arrived. */
function WithdrawnMark({ at }: { at: string | null | undefined }) {
  const { t } = useTranslation();
  if (!at) return null;
  return (
    <strong className="account-order__withdrawn">
      {' '}
      · {t('account.orders.withdrawnPosition')} ({formatDate(at)})
    </strong>
  );
}

function CourseBookingPosition({
  booking,
  open,
  price,
}: {
  booking: CourseBooking;
  open: boolean;
  price: PresentedLine;
}) {
  const { t, i18n } = useTranslation();
  const { course } = booking;
  return (
    <details open={open}>
      <summary>
        {t('account.orders.courseBooking')}: {pickText(course.titles, i18n.language)} ·{' '}
        {t('account.orders.places', { count: booking.quantity })} · {formatCents(price.payCents)}
        <WithdrawnMark at={booking.withdrawnAt} />
      </summary>
      <p>{formatSchedule(course, t)}</p>
      <LinePrice line={price} />
      {/* h3: the next level under the order's h2 (axe heading-order). */}
      <h3>{t('account.orders.participants')}</h3>
      <ul>
        {booking.participants.map((participant) => (
          <li key={participant.id}>
            {participant.firstname} {participant.lastname}, {participant.email}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The positions in the presenter's order (courses, products, packages), each with its presented price. */
function Positions({ order, prices }: { order: Order; prices: readonly PresentedLine[] }) {
  const { t, i18n } = useTranslation();
  const products = order.courseBookings.length;
  const packages = products + order.productOrders.length;
  return (
    <section aria-label={t('account.orders.positions')}>
      {order.courseBookings.map((booking, index) => (
        // The first course booking is open by default (docs/product-rules.md#screens Orders).
        <CourseBookingPosition key={booking.id} booking={booking} open={index === 0} price={prices[index]!} />
      ))}
      {order.productOrders.map((line, index) => (
        <details key={`product-${line.id}`}>
          <summary>
            {t('account.orders.productOrder')}: {pickText(line.product.titles, i18n.language)} ·{' '}
            {formatCents(prices[products + index]!.payCents)}
            <WithdrawnMark at={line.withdrawnAt} />
          </summary>
          <LinePrice line={prices[products + index]!} />
        </details>
      ))}
      {order.customerBalanceTransactions.map((topUp, index) => (
        <details key={`topup-${topUp.id}`}>
          <summary>
            {t('account.orders.topUp')}:{' '}
            {t(
              topUp.type === CourseType.conversationHours
                ? 'account.orders.topUpConversation'
                : 'account.orders.topUpFlexible',
              { count: topUp.amount },
            )}{' '}
            · {formatCents(prices[packages + index]!.payCents)}
            <WithdrawnMark at={topUp.withdrawnAt} />
          </summary>
          <LinePrice line={prices[packages + index]!} />
        </details>
      ))}
    </section>
  );
}

/**
 * One order of docs/product-rules.md#screens Orders: number, date, status, total, positions, address, comment, payments. A pending
 * order offers its payment link only while its hold lasts (until when is shown), and reads "expired" after.
 */
export function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const now = useNowAfter(order.holdExpiresAt);
  const status = orderDisplayStatus(order, now);
  const paymentLink = completePaymentLink(order, now);
  const address = order.customerBillingAddress;
  const headingId = `order-${order.id}`;
  const { lines, summary } = presentOrder(order);
  return (
    <Card as="article" className="account-order">
      <div className="account-order__head">
        <h2 id={headingId}>{t('account.orders.number', { number: order.incrementId })}</h2>
        {paymentLink ? (
          <a className="shop-button shop-button--primary" href={paymentLink} target="_blank" rel="noopener noreferrer">
            {t('account.orders.completePayment')}{' '}
            <span className="shop-visually-hidden">{t('account.orders.newTab')}</span>
          </a>
        ) : null}
      </div>
      {paymentLink && order.holdExpiresAt ? (
        <p>{t('account.orders.payUntil', { time: formatDateTime(order.holdExpiresAt) })}</p>
      ) : null}
      {status === 'expired' ? <p>{t('account.orders.expiredNote')}</p> : null}
      {/* Paid after the hold ended: the money is the school's to give back, not a failed order. */}
      {(status === 'latePayment' || status === 'latePaymentRefunded') && order.latePayment ? (
        <p data-testid="late-payment-note">
          {order.latePayment.refundedAt
            ? t('account.orders.latePaymentRefundedNote', {
                amount: formatMoney(order.latePayment.amount),
                date: formatDate(order.latePayment.refundedAt),
              })
            : t('account.orders.latePaymentNote', { amount: formatMoney(order.latePayment.amount) })}
        </p>
      ) : null}
      <dl className="account-order__facts">
        <div>
          <dt>{t('account.orders.date')}</dt>
          <dd>{formatDate(order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('account.orders.status')}</dt>
          <dd className={`account-status account-status--${orderStatusTone(status)}`} data-testid="order-status">
            {t(`account.orders.statuses.${status}`)}
          </dd>
        </div>
        <div>
          <dt>{t('account.orders.total')}</dt>
          <dd>{formatMoney(order.totalPrice)}</dd>
        </div>
      </dl>
      <Positions order={order} prices={lines} />
      {order.courseBookings.some((booking) => booking.course.startTime !== null) ? (
        <p>
          <CalendarFileButton
            load={() => fetchCustomerOrderCalendar(order.id)}
            label={t('account.orders.calendar')}
            failed={t('account.orders.calendarFailed')}
          />
        </p>
      ) : null}
      <PriceSummaryList summary={summary} testIdPrefix={`order-${order.id}`} />
      {status === 'pending' || status === 'expired' ? null : <OrderInvoices orderId={order.id} />}
      <div className="account-order__grid">
        <section>
          <h3>{t('account.orders.billingAddress')}</h3>
          {address ? (
            <address>
              {address.firstname} {address.lastname}
              {address.addressLine2 ? (
                <>
                  <br />
                  {address.addressLine2}
                </>
              ) : null}
              {address.addressLine1 ? (
                <>
                  <br />
                  {address.addressLine1}
                </>
              ) : null}
              <br />
              {[address.zip, address.city].filter(Boolean).join(' ')}
              <br />
              {t(`account.countries.${address.country}`, { defaultValue: address.country })}
            </address>
          ) : (
            <p>{t('account.orders.noAddress')}</p>
          )}
        </section>
        <section>
          <h3>{t('account.orders.comment')}</h3>
          <p>{order.comment?.trim() ? order.comment : t('account.orders.noComment')}</p>
        </section>
        <section>
          <h3>{t('account.orders.payments')}</h3>
          {order.payments.length === 0 ? (
            <p>{t('account.orders.noPayments')}</p>
          ) : (
            <ul>
              {order.payments.map((payment) => (
                <li key={payment.id}>
                  {t('account.orders.transactionId')}: {payment.transactionId ?? '–'} (
                  {t(`account.orders.paymentStatuses.${payment.status}`)})
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Card>
  );
}
