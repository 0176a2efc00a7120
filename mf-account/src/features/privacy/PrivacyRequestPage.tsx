import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Banner, Button, currentLanguage, emailFormSchema, type EmailForm } from '@shop/shared';
import { TextField } from '../forms/fields.tsx';
import { isTooManyRequests } from '../forms/messages.ts';
import { Page } from '../ui/Page.tsx';
import { requestPrivacyLink } from './api.ts';

/**
 * /privacy-request: a guest asks for the data tied to an address, or its deletion (docs/privacy.md#guests). The
 * answer is the same for every address; the mailed link opens /privacy-request-confirm.
 */
export function PrivacyRequestPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<'form' | 'sent' | 'tooManyAttempts' | 'general'>('form');
  const form = useForm<EmailForm>({ resolver: zodResolver(emailFormSchema), defaultValues: { email: '' } });

  const submit = form.handleSubmit(async ({ email }) => {
    setState('form');
    try {
      await requestPrivacyLink(email, currentLanguage());
      setState('sent');
    } catch (error) {
      setState(isTooManyRequests(error) ? 'tooManyAttempts' : 'general');
    }
  });

  return (
    <Page title={t('account.privacyRequest.title')} narrow>
      {state === 'sent' ? (
        <Banner tone="success" takeFocus data-testid="privacy-request-sent">
          {t('account.privacyRequest.sent')}
        </Banner>
      ) : (
        <>
          <p>{t('account.privacyRequest.intro')}</p>
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
                {t(form.formState.isSubmitting ? 'account.privacyRequest.submitting' : 'account.privacyRequest.submit')}
              </Button>
            </div>
          </form>
        </>
      )}
      <p className="account-links">
        {t('account.privacyRequest.customers')}{' '}
        <Link to="/account-privacy">{t('account.privacyRequest.toAccount')}</Link>
      </p>
    </Page>
  );
}
