import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { requestPasswordReset } from '@shop/shared';
import { EmailLinkPage } from '../forms/EmailLinkPage.tsx';

/** docs/product-rules.md#screens Password reset: an e-mail form, then a notice (the same whether or not the address has an account). */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <EmailLinkPage
      texts={{
        title: t('account.passwordReset.title'),
        intro: t('account.passwordReset.intro'),
        sent: t('account.passwordReset.success'),
        submit: t('account.passwordReset.submit'),
        submitting: t('account.passwordReset.submitting'),
      }}
      send={(email, locale) => requestPasswordReset({ email, locale })}
      defaultEmail={search.get('email') ?? ''}
    >
      <Link to="/login">{t('account.passwordReset.backToLogin')}</Link>
    </EmailLinkPage>
  );
}
