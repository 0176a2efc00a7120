import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Banner, Button, currentLanguage, emailFormSchema, requestPasswordReset, type EmailForm } from '@shop/shared';
import { TextField } from '../forms/fields.tsx';
import { isTooManyRequests } from '../forms/messages.ts';
import { Page } from '../ui/Page.tsx';

/** docs/product-rules.md#screens Password reset: an e-mail form, then a notice (the same whether or not the address has an account). */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [state, setState] = useState<'form' | 'sent' | 'tooManyAttempts' | 'general'>('form');
  const form = useForm<EmailForm>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: search.get('email') ?? '' },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    // Each answer is a new notice, so that it takes the focus again (see below).
    setState('form');
    try {
      await requestPasswordReset({ email, locale: currentLanguage() });
      setState('sent');
    } catch (error) {
      setState(isTooManyRequests(error) ? 'tooManyAttempts' : 'general');
    }
  });

  return (
    <Page title={t('account.passwordReset.title')} narrow>
      {/* The answer's notice takes the focus the disabled button dropped (docs/decisions/0064-focus-moves-in-layout-effects.md). */}
      {state === 'sent' ? (
        <Banner tone="success" takeFocus>
          {t('account.passwordReset.success')}
        </Banner>
      ) : (
        <>
          <p>{t('account.passwordReset.intro')}</p>
          {state !== 'form' ? (
            <Banner tone="alert" takeFocus>
              {t(`account.errors.${state}`)}
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
            <div className="account-form__actions">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {t(form.formState.isSubmitting ? 'account.passwordReset.submitting' : 'account.passwordReset.submit')}
              </Button>
            </div>
          </form>
        </>
      )}
      <p className="account-links">
        <Link to="/login">{t('account.passwordReset.backToLogin')}</Link>
      </p>
    </Page>
  );
}
