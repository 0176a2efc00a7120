import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Banner,
  Button,
  currentLanguage,
  logOutCustomer,
  resendVerification,
  safeRedirectTarget,
  useAuthStore,
  useCustomerStore,
} from '@shop/shared';
import { Page } from '../ui/Page.tsx';

/** docs/product-rules.md#limits: the waiting page polls every 5 s. */
export const verificationPollMs = 5000;

/**
 * docs/product-rules.md#screens /verify-email-waiting (query redirect, email): polls the customer every 5 s and moves on to the
 * redirect target once the address is verified; offers to send the mail again. A logged-in customer can log out here:
 * every other page but the verification and withdrawal pages sends them back to this one, the account's logout too.
 */
export function VerifyEmailWaitingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = safeRedirectTarget(search.get('redirect'));
  const token = useAuthStore((state) => state.token);
  const customer = useCustomerStore((state) => state.customer);
  const email = search.get('email') ?? customer?.email ?? '';
  const [resent, setResent] = useState<'success' | 'failure' | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!token) return;
    const timer = setInterval(() => void useCustomerStore.getState().load({ force: true }), verificationPollMs);
    return () => clearInterval(timer);
  }, [token]);

  useEffect(() => {
    if (customer?.isEmailVerified) navigate(redirect, { replace: true, state: { registrationSuccess: true } });
  }, [customer, redirect, navigate]);

  const logOut = async () => {
    await logOutCustomer();
    navigate('/', { replace: true });
  };

  const resend = async () => {
    setSending(true);
    setResent(null);
    try {
      await resendVerification({ email, locale: currentLanguage() });
      setResent('success');
    } catch {
      setResent('failure');
    } finally {
      setSending(false);
    }
  };

  return (
    <Page title={t('account.verifyEmailWaiting.title')} narrow>
      <p>{email ? t('account.verifyEmailWaiting.sentTo', { email }) : t('account.verifyEmailWaiting.sent')}</p>
      {token ? <p>{t('account.verifyEmailWaiting.polling')}</p> : null}
      {/* The answer takes the focus the disabled resend button dropped (docs/decisions/0064-focus-moves-in-layout-effects.md). */}
      {resent ? (
        <Banner tone={resent === 'success' ? 'success' : 'alert'} takeFocus>
          {t(
            resent === 'success'
              ? 'account.verifyEmailWaiting.resendSuccess'
              : 'account.verifyEmailWaiting.resendFailure',
          )}
        </Banner>
      ) : null}
      <div className="account-form__actions">
        {email ? (
          <Button variant="secondary" disabled={sending} onClick={() => void resend()}>
            {t('account.verifyEmailWaiting.resend')}
          </Button>
        ) : null}
        {token ? (
          <Button variant="secondary" onClick={() => void logOut()}>
            {t('account.nav.logout')}
          </Button>
        ) : (
          <Link to="/login">{t('account.verifyEmailWaiting.login')}</Link>
        )}
      </div>
    </Page>
  );
}
