import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Banner,
  Button,
  CustomerErrorCode,
  currentLanguage,
  emailFormSchema,
  login,
  loginRequestSchema,
  resendVerification,
  safeRedirectTarget,
  useAuthStore,
  useCustomerStore,
  verifyEmailWaitingPath,
  type LoginOriginState,
  type LoginRequest,
} from '@shop/shared';
import { CheckboxField, TextField } from '../forms/fields.tsx';
import { applyServerFieldErrors, hasCode, isTooManyRequests } from '../forms/messages.ts';
import { Page } from '../ui/Page.tsx';
import { requestLoginLink } from './loginLink.ts';

type Failure = 'invalidCredentials' | 'notVerified' | 'tooManyAttempts' | 'general';
type LinkState = 'sent' | 'tooManyAttempts' | 'general';

/** Where to go after login: the redirect query, else the origin a protected page left in the state. */
export function loginTarget(search: URLSearchParams, state: unknown): string {
  return safeRedirectTarget(search.get('redirect') ?? (state as Partial<LoginOriginState> | null)?.from);
}

/**
 * Login of docs/product-rules.md#screens, #states: e-mail, password, remember-me; unverified customers go on to the
 * waiting page. Besides, a one-time login link by mail to the address typed (docs/decisions/0086-no-lockout-of-the-owner.md),
 * the way in when the password is forgotten or strangers' guesses have the account's logins refused for now.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const target = loginTarget(search, location.state);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [resent, setResent] = useState<'success' | 'failure' | null>(null);
  // One verification mail per press: the button waits for the answer, as the waiting page's does.
  const [resending, setResending] = useState(false);
  // The address as submitted (normalised by the schema), for the resend option.
  const [submittedEmail, setSubmittedEmail] = useState('');
  const [link, setLink] = useState<LinkState | null>(null);
  const [sendingLink, setSendingLink] = useState(false);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    // A login link's page sends a visitor whose link has run out here with the address (to ask for a new one).
    defaultValues: { email: search.get('email') ?? '', password: '', remember: false },
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setResent(null);
    setLink(null);
    setSubmittedEmail(values.email);
    try {
      const { token } = await login(values);
      useAuthStore.getState().logIn(token, values.remember ?? false);
      const customer = await useCustomerStore.getState().load({ force: true });
      if (customer && !customer.isEmailVerified)
        navigate(verifyEmailWaitingPath(target, customer.email), { replace: true });
      else navigate(target, { replace: true });
    } catch (error) {
      if (hasCode(error, CustomerErrorCode.invalidCredentials)) setFailure('invalidCredentials');
      else if (hasCode(error, CustomerErrorCode.emailNotVerified)) setFailure('notVerified');
      else if (isTooManyRequests(error)) setFailure('tooManyAttempts');
      else if (!applyServerFieldErrors(error, form.setError, ['email', 'password'])) setFailure('general');
    }
  });

  // Only the address is needed: checked as the login checks it, the password field left alone.
  const sendLink = async () => {
    setFailure(null);
    setResent(null);
    setLink(null);
    if (!(await form.trigger('email', { shouldFocus: true }))) return;
    setSendingLink(true);
    try {
      // Normalised as the login's schema does it (trimmed, lower case): the field holds what was typed.
      const { email } = emailFormSchema.parse({ email: form.getValues('email') });
      await requestLoginLink({ email, locale: currentLanguage() });
      setLink('sent');
    } catch (error) {
      setLink(isTooManyRequests(error) ? 'tooManyAttempts' : 'general');
    } finally {
      setSendingLink(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setResent(null);
    try {
      await resendVerification({ email: submittedEmail, locale: currentLanguage() });
      setResent('success');
    } catch {
      setResent('failure');
    } finally {
      setResending(false);
    }
  };

  // Whoever came for a target (the query, or a protected page's origin) still reaches it after registering first.
  const asked = search.get('redirect') ?? (location.state as Partial<LoginOriginState> | null)?.from;
  const registerLink = asked ? `/register?${new URLSearchParams({ redirect: target })}` : '/register';
  const submitting = form.formState.isSubmitting;
  return (
    <Page title={t('account.login.title')} narrow>
      <p>{t('account.login.intro')}</p>
      {/* The answer's notice takes the focus the disabled submit button dropped (docs/decisions/0064-focus-moves-in-layout-effects.md);
          a field the server named has taken it first, and keeps it. */}
      {failure === 'notVerified' ? (
        <Banner tone="alert" takeFocus>
          <p>{t('account.login.notVerified')}</p>
          <Button variant="secondary" disabled={resending} onClick={() => void resend()}>
            {t('account.login.resend')}
          </Button>
        </Banner>
      ) : failure ? (
        <Banner tone="alert" takeFocus>
          {t(
            failure === 'general'
              ? 'account.errors.general'
              : failure === 'invalidCredentials'
                ? 'account.login.invalidCredentials'
                : 'account.login.tooManyAttempts',
          )}
        </Banner>
      ) : null}
      {link ? (
        // Takes the focus the link button dropped while it was disabled.
        <Banner tone={link === 'sent' ? 'success' : 'alert'} takeFocus>
          {t(link === 'sent' ? 'account.login.linkSent' : `account.errors.${link}`)}
        </Banner>
      ) : null}
      {resent ? (
        // Takes the focus the resend button dropped while it was disabled.
        <Banner tone={resent === 'success' ? 'success' : 'alert'} takeFocus>
          {t(`account.login.resend${resent === 'success' ? 'Success' : 'Failure'}`)}
        </Banner>
      ) : null}
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          form={form}
          name="email"
          type="email"
          autoComplete="email"
          label={t('account.fields.email')}
          required
        />
        <TextField
          form={form}
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('account.fields.password')}
          required
        />
        <CheckboxField form={form} name="remember" label={t('account.login.remember')} />
        <div className="account-form__actions">
          <Button type="submit" disabled={submitting}>
            {t(submitting ? 'account.login.submitting' : 'account.login.submit')}
          </Button>
          <Link to="/password-reset">{t('account.login.forgotPassword')}</Link>
        </div>
      </form>
      <section className="account-login-link" aria-labelledby="login-link-heading">
        <h2 id="login-link-heading">{t('account.login.linkHeading')}</h2>
        <p>{t('account.login.linkIntro')}</p>
        <Button variant="secondary" disabled={sendingLink} onClick={() => void sendLink()}>
          {t(sendingLink ? 'account.login.linkSending' : 'account.login.linkSend')}
        </Button>
      </section>
      <p className="account-links">
        {t('account.login.noAccount')} <Link to={registerLink}>{t('account.login.register')}</Link>
      </p>
      <p className="account-links">
        <Link to="/privacy-request">{t('account.login.privacyHint')}</Link>
      </p>
    </Page>
  );
}
