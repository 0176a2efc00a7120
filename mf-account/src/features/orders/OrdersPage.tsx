import { useTranslation } from 'react-i18next';
import { Banner, fetchOrders, isHoldRunning, orderPageSize, useLoad, type Order } from '@shop/shared';
import { AccountScreen } from '../account/AccountLayout.tsx';
import { OrderCard } from './OrderCard.tsx';
import { useNowAfter } from './useNowAfter.ts';

function OrderList({ orders }: { orders: readonly Order[] }) {
  const { t } = useTranslation();
  // Only orders that can still be paid: an expired hold is announced on its card, not as an open payment. Taken
  // again when the first running hold ends, the moment that order's card turns to "expired".
  const running = orders.filter((order) => isHoldRunning(order));
  const now = useNowAfter(running.map((order) => order.holdExpiresAt!).sort()[0] ?? null);
  const pending = running.filter((order) => isHoldRunning(order, now)).map((order) => order.incrementId);
  return (
    <>
      {pending.length > 0 ? (
        <Banner tone="warning">
          {t('account.orders.pendingBanner', { count: pending.length, numbers: pending.join(', ') })}
        </Banner>
      ) : null}
      <ul className="account-orders">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
    </>
  );
}

function OrdersContent() {
  const { t } = useTranslation();
  const load = useLoad('orders', () => fetchOrders({ limit: orderPageSize, offset: 0 }));

  if (load.status === 'error') return <Banner tone="alert">{t('account.orders.failed')}</Banner>;
  if (load.status === 'loading') return <p role="status">{t('account.orders.loading')}</p>;
  if (load.data.length === 0) return <p>{t('account.orders.empty')}</p>;
  return <OrderList orders={load.data} />;
}

/** /account-order: the customer's orders (first page of 20), with the pending-payment banner (docs/product-rules.md#screens). */
export function OrdersPage() {
  const { t } = useTranslation();
  return (
    <AccountScreen title={t('account.orders.title')}>
      <OrdersContent />
    </AccountScreen>
  );
}
