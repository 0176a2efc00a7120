import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  Banner,
  Button,
  newPasswordFormSchema,
  pageNoticeState,
  resetPassword,
  type NewPasswordForm,
} from '@shop/shared';
import { useLinkParams } from '../forms/linkParams.ts';
import { NewPasswordFields, usePasswordMismatch } from '../forms/passwords.tsx';
import { isInvalidLink } from '../forms/messages.ts';
import { Page } from '../ui/Page.tsx';

/** docs/product-rules.md#limits: to /login 2 s after a successful reset. */
export const afterResetDelayMs = 2000;

/** docs/product-rules.md#screens completion page (query token and email): new password twice; wrong-link error; then to /login. */
export function PasswordNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, email } = useLinkParams();
  const [state, setState] = useState<'form' | 'done' | 'invalidLink' | 'general'>(
    token && email ? 'form' : 'invalidLink',
  );
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const mismatch = usePasswordMismatch(form);

  useEffect(() => {
    if (state !== 'done') return;
    // The login page says it again: the notice here is gone after the 2 s.
    const timer = setTimeout(
      () => navigate('/login', { replace: true, state: pageNoticeState('passwordChanged') }),
      afterResetDelayMs,
    );
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const submit = form.handleSubmit(async ({ newPassword }) => {
    // Each answer is a new notice, so that it takes the focus again (see below).
    setState('form');
    try {
      await resetPassword({ token: token!, email: email!, newPassword });
      setState('done');
    } catch (error) {
      setState(isInvalidLink(error) ? 'invalidLink' : 'general');
    }
  });

  return (
    <Page title={t('account.passwordNew.title')} narrow>
      {/* The answer's notice takes the focus the disabled button dropped (docs/decisions/0064-focus-moves-in-layout-effects.md). */}
      {state === 'done' ? (
        <Banner tone="success" takeFocus>
          {t('account.passwordNew.success')}
        </Banner>
      ) : null}
      {state === 'invalidLink' ? (
        <Banner tone="alert" takeFocus>
          <p>{t('account.errors.invalidLink')}</p>
          <Link to="/password-reset">{t('account.passwordNew.requestNew')}</Link>
        </Banner>
      ) : null}
      {state === 'general' ? (
        <Banner tone="alert" takeFocus>
          {t('account.errors.general')}
        </Banner>
      ) : null}
      {state === 'form' || state === 'general' ? (
        <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
          <NewPasswordFields form={form} mismatch={mismatch} />
          <div className="account-form__actions">
            <Button type="submit" disabled={form.formState.isSubmitting || mismatch}>
              {t(form.formState.isSubmitting ? 'account.passwordNew.submitting' : 'account.passwordNew.submit')}
            </Button>
          </div>
        </form>
      ) : null}
    </Page>
  );
}
