import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CourseType,
  fetchOrders,
  formatDate,
  isPendingOrder,
  pickText,
  type Order,
  type WithdrawalPosition,
} from '@shop/shared';

/** The positions of an order the consumer may still withdraw from, as the account names them. */
function standingPositions(
  order: Order,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
) {
  return [
    ...order.courseBookings
      .filter((row) => !row.withdrawnAt)
      .map((row) => ({ kind: 'course' as const, id: row.id, label: pickText(row.course.titles, language) })),
    ...order.productOrders
      .filter((row) => !row.withdrawnAt)
      .map((row) => ({ kind: 'product' as const, id: row.id, label: pickText(row.product.titles, language) })),
    ...order.customerBalanceTransactions
      .filter((row) => !row.withdrawnAt)
      .map((row) => ({
        kind: 'package' as const,
        id: row.id,
        label: t(
          row.type === CourseType.conversationHours
            ? 'account.orders.topUpConversation'
            : 'account.orders.topUpFlexible',
          { count: row.amount },
        ),
      })),
  ];
}

const keyOf = (position: WithdrawalPosition) => `${position.kind}:${position.id}`;

/**
 * A logged-in customer's choice of one of their orders and of its positions (none ticked: the whole contract).
 * Orders still waiting for their payment are left out: there is nothing to withdraw from yet.
 */
export function OwnOrders({
  orderNumber,
  onOrder,
  positions,
  onPositions,
}: {
  orderNumber: string;
  onOrder: (incrementId: string) => void;
  positions: WithdrawalPosition[];
  onPositions: (positions: WithdrawalPosition[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const [orders, setOrders] = useState<Order[]>([]);
  useEffect(() => {
    let active = true;
    fetchOrders().then(
      (result) => active && setOrders(result.filter((order) => !isPendingOrder(order) && order.status !== 'cancelled')),
      () => active && setOrders([]),
    );
    return () => {
      active = false;
    };
  }, []);
  if (orders.length === 0) return null;
  const chosen = orders.find((order) => order.incrementId === orderNumber);
  const choices = chosen ? standingPositions(chosen, t, i18n.language) : [];
  const ticked = new Set(positions.map(keyOf));
  const toggle = (position: WithdrawalPosition) =>
    onPositions(
      ticked.has(keyOf(position))
        ? positions.filter((p) => keyOf(p) !== keyOf(position))
        : [...positions, { kind: position.kind, id: position.id }],
    );
  return (
    <>
      <div className="shop-field">
        <label htmlFor={selectId}>{t('account.withdrawal.ownOrders')}</label>
        <select
          id={selectId}
          value={chosen ? chosen.incrementId : ''}
          onChange={(event) => {
            onOrder(event.target.value);
            onPositions([]);
          }}
        >
          <option value="">{t('account.withdrawal.chooseOrder')}</option>
          {orders.map((order) => (
            <option key={order.id} value={order.incrementId}>
              {t('account.withdrawal.orderOption', { number: order.incrementId, date: formatDate(order.createdAt) })}
            </option>
          ))}
        </select>
      </div>
      {choices.length > 0 ? (
        <fieldset className="account-fieldset" aria-describedby={`${selectId}-hint`}>
          <legend>{t('account.withdrawal.positions')}</legend>
          <p className="account-field__hint" id={`${selectId}-hint`}>
            {t('account.withdrawal.positionsHint')}
          </p>
          {choices.map((position) => (
            <div className="account-check" key={keyOf(position)}>
              <input
                id={`withdraw-${keyOf(position)}`}
                type="checkbox"
                checked={ticked.has(keyOf(position))}
                onChange={() => toggle(position)}
              />
              <label htmlFor={`withdraw-${keyOf(position)}`}>{position.label}</label>
            </div>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
