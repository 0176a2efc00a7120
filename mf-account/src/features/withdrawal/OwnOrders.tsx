import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Banner,
  Button,
  CourseType,
  focusDropped,
  formatDate,
  pickText,
  type Order,
  type WithdrawalPosition,
} from '@shop/shared';
import { useOwnOrderPages, type MoreAnswer } from './useOwnOrderPages.ts';

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

/** What the status region says once older orders came: how many, and whether those were all. */
function loaded(answer: MoreAnswer | null, t: (key: string, options?: Record<string, unknown>) => string) {
  if (!answer || answer.failed) return '';
  const count = t('account.withdrawal.olderOrdersLoaded', { count: answer.added });
  return answer.last ? `${count} ${t('account.withdrawal.allOrdersLoaded')}` : count;
}

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
  const { orders, hasMore, loading, answer, loadMore } = useOwnOrderPages();
  // The "older orders" button is disabled while it loads, which drops the focus to the page: the answer hands it
  // on, to the longer list or, after a failure, back to the button beside the alert
  // (docs/decisions/0064-focus-moves-in-layout-effects.md, docs/product-rules.md#older-orders-on-the-withdrawal-page).
  const select = useRef<HTMLSelectElement>(null);
  const more = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!answer || !focusDropped()) return;
    (answer.failed ? more.current?.querySelector('button') : select.current)?.focus();
  }, [answer]);
  if (orders.length === 0 && !hasMore) return null;
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
          ref={select}
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
        {hasMore ? (
          <div ref={more}>
            <Button variant="secondary" disabled={loading} onClick={loadMore}>
              {t('account.withdrawal.olderOrders')}
            </Button>
          </div>
        ) : null}
        {/* In the page from the first render, so its change is announced. */}
        <div role="status">{loading ? t('account.withdrawal.olderOrdersLoading') : loaded(answer, t)}</div>
        {answer?.failed ? <Banner tone="alert">{t('account.withdrawal.olderOrdersFailed')}</Banner> : null}
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
