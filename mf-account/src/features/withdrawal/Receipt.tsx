import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Banner, formatInstantInZone, formatMoney, type WithdrawalReceipt } from '@shop/shared';

/**
 * The receipt on screen: the same content and receipt time as the mail, and what happens next, honestly. A
 * declaration waiting for its link says so (docs/withdrawal-rules.md). `mailed`: the receipt was mailed just now.
 * It always replaces the button that sent the declaration, so its notice takes the focus that button dropped
 * (Banner's takeFocus, WCAG 2.4.3).
 */
export function Receipt({ receipt, mailed = true }: { receipt: WithdrawalReceipt; mailed?: boolean }) {
  const { t } = useTranslation();
  const outcome =
    receipt.outcome === 'awaiting_confirmation'
      ? t('account.withdrawal.awaitingConfirmation', {
          email: receipt.email,
          until: receipt.confirmationExpiresAt ? formatInstantInZone(receipt.confirmationExpiresAt) : '',
        })
      : receipt.outcome === 'review'
        ? t(`account.withdrawal.review.${receipt.reviewReason ?? 'unknown_order'}`)
        : receipt.refundAmount
          ? t('account.withdrawal.withdrawn', { amount: formatMoney(receipt.refundAmount) })
          : t('account.withdrawal.withdrawnNothing');
  const facts: [string, string][] = [
    [t('account.withdrawal.receiptNumber'), receipt.receiptNumber],
    [t('account.withdrawal.receivedAt'), formatInstantInZone(receipt.receivedAt)],
    [t('account.withdrawal.name'), receipt.name],
    [t('account.withdrawal.orderNumber'), receipt.orderNumber],
    [t('account.withdrawal.email'), receipt.email],
    [
      t('account.withdrawal.positions'),
      receipt.positions.length ? receipt.positions.join(', ') : t('account.withdrawal.wholeContract'),
    ],
    [t('account.withdrawal.declaration'), t('account.withdrawal.declarationText')],
  ];
  return (
    <section aria-labelledby="withdrawal-receipt" className="account-receipt">
      <h2 id="withdrawal-receipt">{t('account.withdrawal.receiptTitle')}</h2>
      <Banner tone={receipt.outcome === 'withdrawn' ? 'success' : 'info'} takeFocus>
        {outcome}
      </Banner>
      {receipt.outcome === 'awaiting_confirmation' ? (
        <p>
          {t('account.withdrawal.loginHint')} <Link to="/login">{t('account.withdrawal.login')}</Link>
        </p>
      ) : null}
      <dl>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {mailed ? <p>{t('account.withdrawal.mailed', { email: receipt.email })}</p> : null}
    </section>
  );
}
