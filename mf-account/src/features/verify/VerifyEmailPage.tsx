import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Banner, verifyEmail } from '@shop/shared';
import { contactUrl } from '../../config.ts';
import { Page } from '../ui/Page.tsx';
import { LinkStatus } from './LinkStatus.tsx';
import { useLinkAction } from './useLinkAction.ts';

/** docs/product-rules.md#limits: redirect 5 s after the verification. */
export const afterVerificationDelayMs = 5000;

/** docs/product-rules.md#screens /verify-email: loading, success (then on after 5 s), error with links to /register and the contact form. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const state = useLinkAction(verifyEmail, 'verify', afterVerificationDelayMs);
  return (
    <Page title={t('account.verifyEmail.title')} narrow>
      <LinkStatus state={state} loading={t('account.verifyEmail.loading')} success={t('account.verifyEmail.success')} />
      {state !== 'loading' && state !== 'success' ? (
        <Banner tone="alert">
          <p>{t(state === 'invalidLink' ? 'account.errors.invalidLink' : 'account.verifyEmail.failed')}</p>
          <p>
            <Link to="/register">{t('account.verifyEmail.registerAgain')}</Link>
          </p>
          <p>
            {t('account.verifyEmail.contactHint')} <a href={contactUrl}>{t('account.errors.contact')}</a>.
          </p>
        </Banner>
      ) : null}
    </Page>
  );
}
