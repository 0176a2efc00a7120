import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { WithdrawalErrorCode, type WithdrawalReceipt } from '@shop/shared';
import { hasCode, isTooManyRequests } from '../forms/messages.ts';
import { ConfirmByButton } from '../ui/ConfirmByButton.tsx';
import { Page } from '../ui/Page.tsx';
import { confirmWithdrawal } from './confirm.ts';
import { Receipt } from './Receipt.tsx';

type Refusal = 'invalid' | 'used' | 'expired' | 'tooManyAttempts' | 'general';

const refusalTexts: Record<Refusal, string> = {
  invalid: 'account.withdrawal.confirm.invalid',
  used: 'account.withdrawal.confirm.used',
  expired: 'account.withdrawal.confirm.expired',
  tooManyAttempts: 'account.errors.tooManyAttempts',
  general: 'account.errors.general',
};

function refusalOf(error: unknown): Refusal {
  if (hasCode(error, WithdrawalErrorCode.linkUsed)) return 'used';
  if (hasCode(error, WithdrawalErrorCode.linkExpired)) return 'expired';
  if (hasCode(error, WithdrawalErrorCode.linkInvalid) || hasCode(error, 'VALIDATION_ERROR')) return 'invalid';
  return isTooManyRequests(error) ? 'tooManyAttempts' : 'general';
}

/**
 * /withdrawal-confirm?token=…: the link of the receipt mailed for a declaration not made by the order's logged-in
 * owner (docs/withdrawal-rules.md). It acts only on the button, not on opening: mail scanners open links, and one
 * must not carry out a withdrawal the address's owner never confirmed. Then it shows the declaration's receipt with
 * what became of it, judged on the declaration's receipt time; a used, expired or unknown link says so.
 */
export function WithdrawalConfirmPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(token ? null : 'invalid');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const retryable = token !== '' && refusal !== 'used' && refusal !== 'expired' && refusal !== 'invalid';

  const send = async () => {
    setSent(true);
    setSending(true);
    setRefusal(null);
    try {
      setReceipt(await confirmWithdrawal({ token }));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Page title={t('account.withdrawal.confirm.title')} narrow>
      {receipt ? (
        <Receipt receipt={receipt} mailed={false} />
      ) : (
        <ConfirmByButton
          refusal={refusal ? t(refusalTexts[refusal]) : null}
          retryable={retryable}
          alertTakesFocus={sent}
          sending={sending}
          intro={t('account.withdrawal.confirm.intro')}
          submit={t('account.withdrawal.confirm.submit')}
          onSubmit={() => void send()}
        />
      )}
    </Page>
  );
}
