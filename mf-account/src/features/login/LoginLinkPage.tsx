import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Banner, logInFromLink, useAuthStore, useCustomerStore } from '@shop/shared';
import { isInvalidLink } from '../forms/messages.ts';
import { ConfirmByButton } from '../ui/ConfirmByButton.tsx';
import { Page } from '../ui/Page.tsx';
import { logInWithLink } from './loginLink.ts';

type Refusal = 'invalidLink' | 'failed';

/**
 * /login-link?token=…&email=…: the page of a mailed one-time login link (docs/decisions/0086-no-lockout-of-the-owner.md).
 * It acts only on its button (mail scanners open links, and the link works once), naming the account it logs in to.
 * Like a customerToken link (docs/decisions/0077-login-links.md) it logs in this tab only, for the shell's notice
 * that names the account, and a tab that has a session keeps it and leaves the link unused: a stranger's link to an
 * account of their own must not take a victim's tab over.
 */
export function LoginLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const email = search.get('email')?.trim() ?? '';
  const hasSession = useAuthStore((state) => state.token !== null);
  const [refusal, setRefusal] = useState<Refusal | null>(token && email ? null : 'invalidLink');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const newLink = `/login?${new URLSearchParams({ email })}`;

  const send = async () => {
    setSent(true);
    setSending(true);
    setRefusal(null);
    try {
      const session = await logInWithLink({ token, email });
      logInFromLink(session.token);
      await useCustomerStore.getState().load({ force: true });
      navigate('/account-data', { replace: true });
    } catch (error) {
      setRefusal(isInvalidLink(error) ? 'invalidLink' : 'failed');
    } finally {
      setSending(false);
    }
  };

  return (
    <Page title={t('account.loginLink.title')} narrow>
      {hasSession && !sending ? (
        <>
          <Banner tone="info">{t('account.loginLink.alreadyLoggedIn', { email })}</Banner>
          <p className="account-links">
            <Link to="/account-data">{t('account.loginLink.toAccount')}</Link>
          </p>
        </>
      ) : (
        <>
          <ConfirmByButton
            refusal={
              refusal ? t(refusal === 'invalidLink' ? 'account.loginLink.invalid' : 'account.errors.general') : null
            }
            retryable={refusal === null || refusal === 'failed'}
            alertTakesFocus={sent}
            sending={sending}
            intro={t('account.loginLink.intro', { email })}
            submit={t(sending ? 'account.login.submitting' : 'account.loginLink.submit')}
            onSubmit={() => void send()}
          />
          {refusal === 'invalidLink' ? (
            <p className="account-links">
              <Link to={newLink}>{t('account.loginLink.newLink')}</Link>
            </p>
          ) : null}
        </>
      )}
    </Page>
  );
}
