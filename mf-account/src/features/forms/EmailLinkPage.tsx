import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Banner, Button, currentLanguage, emailFormSchema, type EmailForm, type Language } from '@shop/shared';
import { Page } from '../ui/Page.tsx';
import { TextField } from './fields.tsx';
import { isTooManyRequests } from './messages.ts';

/** The page's own words, already translated. */
export interface EmailLinkTexts {
  title: string;
  intro: string;
  sent: string;
  submit: string;
  submitting: string;
}

/**
 * A page that asks for an e-mail address and says "we sent a link": the answer is the same whether or not the
 * address is known, so it tells nobody who has an account. `children` are the links below the form.
 */
export function EmailLinkPage({
  texts,
  send,
  defaultEmail = '',
  sentTestId,
  children,
}: {
  texts: EmailLinkTexts;
  send: (email: string, locale: Language) => Promise<unknown>;
  defaultEmail?: string;
  sentTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'form' | 'sent' | 'tooManyAttempts' | 'general'>('form');
  const form = useForm<EmailForm>({ resolver: zodResolver(emailFormSchema), defaultValues: { email: defaultEmail } });

  const submit = form.handleSubmit(async ({ email }) => {
    // Each answer is a new notice, so that it takes the focus again (see below).
    setState('form');
    try {
      await send(email, currentLanguage());
      setState('sent');
    } catch (error) {
      setState(isTooManyRequests(error) ? 'tooManyAttempts' : 'general');
    }
  });

  return (
    <Page title={texts.title} narrow>
      {/* The answer's notice takes the focus the disabled button dropped (docs/decisions/0064-focus-moves-in-layout-effects.md). */}
      {state === 'sent' ? (
        <Banner tone="success" takeFocus data-testid={sentTestId}>
          {texts.sent}
        </Banner>
      ) : (
        <>
          <p>{texts.intro}</p>
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
                {form.formState.isSubmitting ? texts.submitting : texts.submit}
              </Button>
            </div>
          </form>
        </>
      )}
      <p className="account-links">{children}</p>
    </Page>
  );
}
