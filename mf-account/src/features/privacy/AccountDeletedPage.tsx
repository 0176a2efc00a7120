import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Banner } from '@shop/shared';
import { Page } from '../ui/Page.tsx';

/** /account-deleted: where a deleted account's browser lands (docs/privacy.md#deleting). */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('account.privacy.deletedTitle')} narrow>
      <Banner tone="success">{t('account.privacy.deleted')}</Banner>
      <p>{t('account.privacy.deletedKept')}</p>
      <p className="account-links">
        <Link to="/">{t('account.privacy.toShop')}</Link>
      </p>
    </Page>
  );
}
