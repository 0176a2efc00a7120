import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CourseType, customerGreetingName, fetchBalances, type Balance, type Customer } from '@shop/shared';

/** docs/product-rules.md#screens Data side panel: greeting, level badge in upper case, and the contingents. */
export function SidePanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const [balances, setBalances] = useState<Balance[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    fetchBalances().then(
      (result) => active && setBalances(result),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, []);
  // A type without a row has nothing left.
  const balance = (typeId: number) => balances?.find((b) => b.typeId === typeId)?.balance ?? 0;

  return (
    <Card as="section" className="account-panel">
      <h2>{t('account.data.greeting', { name: customerGreetingName(customer) })}</h2>
      <p>
        {t('account.data.level')}:{' '}
        {customer.languageNiveau ? (
          <span className="account-badge">{customer.languageNiveau.toUpperCase()}</span>
        ) : (
          t('account.data.noLevel')
        )}
      </p>
      <h3>{t('account.data.contingent')}</h3>
      {/* Nothing before the balances are in: a 0 meanwhile would tell the customer they have no credits. */}
      {failed ? (
        <p role="alert">{t('account.data.balancesFailed')}</p>
      ) : balances === null ? (
        <p role="status">{t('account.data.balancesLoading')}</p>
      ) : (
        <dl>
          <dt>{t('account.data.conversationHours')}</dt>
          <dd data-testid="balance-conversation">{balance(CourseType.conversationHours)}</dd>
          <dt>{t('account.data.flexibleModules')}</dt>
          <dd data-testid="balance-flexible">{balance(CourseType.flexibleAppointment)}</dd>
        </dl>
      )}
    </Card>
  );
}
