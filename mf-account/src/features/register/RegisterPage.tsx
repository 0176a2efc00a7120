import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Banner,
  Button,
  currentLanguage,
  register,
  registerFormSchema,
  safeRedirectTarget,
  useAuthStore,
  verifyEmailWaitingPath,
  type RegisterForm,
} from '@shop/shared';
import { NewPasswordInput } from '../forms/passwords.tsx';
import { EmailField, NameFields } from '../forms/personFields.tsx';
import { applyServerFieldErrors, isTooManyRequests } from '../forms/messages.ts';
import { Page } from '../ui/Page.tsx';

/**
 * Registration of docs/product-rules.md#screens: prefilled from the query (firstname, lastname, email). With a token back the customer
 * is logged in and waits for the verification; without one (the shop's API never sends one, so that its answer
 * does not tell whether an address has an account) a success panel points to the mail and links to login.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = safeRedirectTarget(search.get('redirect'));
  const [failure, setFailure] = useState<'failure' | 'tooManyAttempts' | null>(null);
  const [registered, setRegistered] = useState(false);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstname: search.get('firstname') ?? '',
      lastname: search.get('lastname') ?? '',
      email: search.get('email') ?? '',
      password: '',
    },
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The page to come back to rides along in the verification link (e.g. the level-test result to save).
      const back = search.get('redirect') ? { redirect } : {};
      const { token } = await register({ ...values, locale: currentLanguage(), ...back });
      if (token) {
        useAuthStore.getState().logIn(token, false);
        navigate(verifyEmailWaitingPath(redirect, values.email), { replace: true });
      } else {
        setRegistered(true);
      }
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['firstname', 'lastname', 'email', 'password']);
      setFailure(isTooManyRequests(error) ? 'tooManyAttempts' : 'failure');
    }
  });

  const loginLink = search.get('redirect') ? `/login?${new URLSearchParams({ redirect })}` : '/login';
  if (registered) {
    return (
      <Page title={t('account.register.successTitle')} narrow>
        {/* Takes the focus the removed form dropped (docs/decisions/0064-focus-moves-in-layout-effects.md). */}
        <Banner tone="success" takeFocus>
          {t('account.register.success')}
        </Banner>
        <p>
          <Link to={loginLink}>{t('account.register.login')}</Link>
        </p>
      </Page>
    );
  }
  const submitting = form.formState.isSubmitting;
  return (
    <Page title={t('account.register.title')} narrow>
      <p>{t('account.register.intro')}</p>
      {failure ? (
        // Takes the focus the disabled submit button dropped, unless a field the server named has it already.
        <Banner tone="alert" takeFocus>
          {failure === 'failure' ? (
            <>
              {t('account.register.failure')} <Link to={loginLink}>{t('account.register.login')}</Link>
            </>
          ) : (
            t('account.errors.tooManyAttempts')
          )}
        </Banner>
      ) : null}
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <NameFields form={form} />
        <EmailField form={form} />
        <NewPasswordInput form={form} name="password" label={t('account.fields.password')} />
        <div className="account-form__actions">
          <Button type="submit" disabled={submitting}>
            {t(submitting ? 'account.register.submitting' : 'account.register.submit')}
          </Button>
        </div>
      </form>
      <p className="account-links">
        {t('account.register.haveAccount')} <Link to={loginLink}>{t('account.register.login')}</Link>
      </p>
    </Page>
  );
}
