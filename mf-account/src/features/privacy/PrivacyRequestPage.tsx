import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmailLinkPage } from '../forms/EmailLinkPage.tsx';
import { requestPrivacyLink } from './api.ts';

/**
 * /privacy-request: a guest asks for the data tied to an address, or its deletion (docs/privacy.md#guests). The
 * answer is the same for every address; the mailed link opens /privacy-request-confirm.
 */
export function PrivacyRequestPage() {
  const { t } = useTranslation();
  return (
    <EmailLinkPage
      texts={{
        title: t('account.privacyRequest.title'),
        intro: t('account.privacyRequest.intro'),
        sent: t('account.privacyRequest.sent'),
        submit: t('account.privacyRequest.submit'),
        submitting: t('account.privacyRequest.submitting'),
      }}
      send={requestPrivacyLink}
      sentTestId="privacy-request-sent"
    >
      {t('account.privacyRequest.customers')} <Link to="/account-privacy">{t('account.privacyRequest.toAccount')}</Link>
    </EmailLinkPage>
  );
}
