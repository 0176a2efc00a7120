import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Banner, fetchExamHistory, formatDateTime, useCustomerStore, useLoad } from '@shop/shared';
import { AccountScreen } from '../account/AccountLayout.tsx';

function LevelContent() {
  const { t } = useTranslation();
  const customer = useCustomerStore((state) => state.customer)!;
  const load = useLoad('history', (signal) => fetchExamHistory(signal));
  const failed = load.status === 'error';
  const history = load.status === 'done' ? load.data : null;

  const last = history?.[0];
  return (
    <>
      <section>
        <h2>{t('account.level.current')}</h2>
        {customer.languageNiveau ? (
          <p className="account-level__current">
            <span className="account-badge" data-testid="current-level">
              {customer.languageNiveau.toUpperCase()}
            </span>
          </p>
        ) : (
          <p>{t('account.level.none')}</p>
        )}
        <Link className="shop-button shop-button--primary" to="/level-test">
          {t('account.level.startTest')}
        </Link>
      </section>
      <section>
        <h2>{t('account.level.lastTest')}</h2>
        {failed ? <Banner tone="alert">{t('account.level.historyFailed')}</Banner> : null}
        {!failed && !history ? <p role="status">{t('account.level.loading')}</p> : null}
        {history ? <p>{last ? formatDateTime(last.createdAt) : t('account.level.noTest')}</p> : null}
      </section>
      {history && history.length > 0 ? (
        <section>
          <h2 id="account-level-history">{t('account.level.history')}</h2>
          <table className="account-table" aria-labelledby="account-level-history">
            <thead>
              <tr>
                <th scope="col">{t('account.level.when')}</th>
                <th scope="col">{t('account.level.points')}</th>
                <th scope="col">{t('account.level.target')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.createdAt)}</td>
                  <td>{t('account.level.pointsValue', { reached: entry.reachedPoints, max: entry.maxPoints })}</td>
                  <td>{entry.targetDetail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}

/** /account-level: current level, the way to the placement test, the last test and the history (docs/product-rules.md#screens). */
export function LevelPage() {
  const { t } = useTranslation();
  return (
    <AccountScreen title={t('account.level.title')}>
      <LevelContent />
    </AccountScreen>
  );
}
