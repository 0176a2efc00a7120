import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Banner, Button, CustomerErrorCode, focusDropped, useAuthStore } from '@shop/shared';
import { hasCode, isInvalidLink } from '../forms/messages.ts';
import { Page } from '../ui/Page.tsx';
import { undoEmailChange } from './undo.ts';

type Refusal = 'invalidLink' | 'taken' | 'failed';

const refusalTexts: Record<Refusal, string> = {
  invalidLink: 'account.errors.invalidLink',
  taken: 'account.undoEmailChange.taken',
  failed: 'account.errors.general',
};

/**
 * /undo-email-change?token=…&email=…: the link of the notice a completed e-mail change mails to the former address
 * (docs/decisions/0068-undo-an-email-change.md). It acts only on the button, not on opening: mail scanners open
 * links, and taking an account back ends every session and disables the password. Then it says so and points to the
 * mail with the reset link.
 */
export function UndoEmailChangePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const email = search.get('email')?.trim() ?? '';
  const [refusal, setRefusal] = useState<Refusal | null>(token && email ? null : 'invalidLink');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const retryable = refusal === null || refusal === 'failed';

  // The button, disabled while sending, dropped the focus (WCAG 2.4.3): a refusal that may be tried again gives it
  // back to the button; one that leaves no button, and the success, put it on their banner (takeFocus).
  const actions = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (refusal && retryable && !sending && focusDropped()) actions.current?.querySelector('button')?.focus();
  }, [refusal, retryable, sending]);

  const send = async () => {
    setSending(true);
    setRefusal(null);
    try {
      await undoEmailChange({ token, email });
      // The server ended every session of the account, this browser's too if it had one.
      if (useAuthStore.getState().token) useAuthStore.getState().logOut();
      setDone(true);
    } catch (error) {
      setRefusal(
        isInvalidLink(error) ? 'invalidLink' : hasCode(error, CustomerErrorCode.emailTaken) ? 'taken' : 'failed',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Page title={t('account.undoEmailChange.title')} narrow>
      {done ? (
        <>
          <Banner tone="success" takeFocus>
            {t('account.undoEmailChange.success', { email })}
          </Banner>
          <p>
            <Link to={`/password-reset?email=${encodeURIComponent(email)}`}>
              {t('account.undoEmailChange.newLink')}
            </Link>
          </p>
        </>
      ) : (
        <>
          {refusal ? (
            <Banner tone="alert" takeFocus={!retryable}>
              {t(refusalTexts[refusal])}
            </Banner>
          ) : null}
          {retryable ? (
            <>
              <p>{t('account.undoEmailChange.intro', { email })}</p>
              <div className="account-form__actions" ref={actions}>
                <Button type="button" disabled={sending} onClick={() => void send()}>
                  {t('account.undoEmailChange.submit')}
                </Button>
              </div>
            </>
          ) : null}
        </>
      )}
    </Page>
  );
}
