import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Banner, CustomerErrorCode, useAuthStore } from '@shop/shared';
import { hasCode, isInvalidLink } from '../forms/messages.ts';
import { ConfirmByButton } from '../ui/ConfirmByButton.tsx';
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
  const [sent, setSent] = useState(false);
  const [done, setDone] = useState(false);
  const retryable = refusal === null || refusal === 'failed';

  const send = async () => {
    setSent(true);
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
        <ConfirmByButton
          refusal={refusal ? t(refusalTexts[refusal]) : null}
          retryable={retryable}
          alertTakesFocus={sent}
          sending={sending}
          intro={t('account.undoEmailChange.intro', { email })}
          submit={t('account.undoEmailChange.submit')}
          onSubmit={() => void send()}
        />
      )}
    </Page>
  );
}
