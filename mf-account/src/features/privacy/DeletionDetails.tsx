import { useTranslation } from 'react-i18next';
import { CourseType, formatDate, type DeletionBlocker, type DeletionPreview } from '@shop/shared';

/** Why a deletion waits, each with what to do (docs/privacy.md#deleting). */
export function DeletionBlockers({ blockers }: { blockers: DeletionBlocker[] }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('account.privacy.blocked')}</p>
      <ul data-testid="deletion-blockers">
        {blockers.map((blocker) => (
          <li key={`${blocker.kind}-${blocker.orderNumber}-${blocker.courseTitle ?? ''}`}>
            {t(`account.privacy.blocker.${blocker.kind}`, {
              orderNumber: blocker.orderNumber,
              title: blocker.courseTitle ?? '',
            })}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What a deletion does: what goes, what stays for the law, the courses still booked, the credits lost. */
export function DeletionDetails({ preview, account }: { preview: DeletionPreview; account: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <ul>
        <li>{t(account ? 'account.privacy.goesAccount' : 'account.privacy.goesGuest')}</li>
        {account ? <li>{t('account.privacy.sessions')}</li> : null}
        {preview.keptOrders > 0 ? <li>{t('account.privacy.kept', { count: preview.keptOrders })}</li> : null}
        <li>{t('account.privacy.withdrawalNote')}</li>
        <li>{t('account.privacy.mail')}</li>
      </ul>
      {preview.openOrders.length > 0 ? (
        <>
          <p>{t('account.privacy.openOrders')}</p>
          <ul data-testid="deletion-open-orders">
            {preview.openOrders.flatMap((order) =>
              order.courses.map((course, index) => (
                <li key={`${order.orderNumber}-${index}`}>
                  {t('account.privacy.openOrder', {
                    orderNumber: order.orderNumber,
                    title: course.title,
                    start: formatDate(course.startDate),
                    end: formatDate(course.endDate),
                  })}
                </li>
              )),
            )}
          </ul>
        </>
      ) : null}
      {preview.credits.length > 0 ? (
        <>
          <p>{t('account.privacy.credits')}</p>
          <ul data-testid="deletion-credits">
            {preview.credits.map((credit, index) => (
              <li key={index}>
                {t(
                  credit.typeId === CourseType.conversationHours
                    ? 'account.privacy.creditHours'
                    : 'account.privacy.creditModules',
                  { count: credit.balance, date: formatDate(credit.validUntil.slice(0, 10)) },
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
