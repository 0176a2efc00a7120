import { useTranslation } from 'react-i18next';
import { Banner, verifyEmailChange } from '@shop/shared';
import { Page } from '../ui/Page.tsx';
import { LinkStatus } from './LinkStatus.tsx';
import { useLinkAction } from './useLinkAction.ts';

/** docs/product-rules.md#limits: redirect 2 s after the e-mail change. */
export const afterEmailChangeDelayMs = 2000;

/** docs/product-rules.md#screens /verify-email-change: confirms the new address, then on to /account-data or /login after 2 s. */
export function VerifyEmailChangePage() {
  const { t } = useTranslation();
  const state = useLinkAction(verifyEmailChange, 'change', afterEmailChangeDelayMs);
  const failure = {
    invalidLink: 'account.errors.invalidLink',
    taken: 'account.verifyEmailChange.taken',
    failed: 'account.verifyEmailChange.failed',
  } as const;
  return (
    <Page title={t('account.verifyEmailChange.title')} narrow>
      <LinkStatus
        state={state}
        loading={t('account.verifyEmailChange.loading')}
        success={t('account.verifyEmailChange.success')}
      />
      {state !== 'loading' && state !== 'success' ? <Banner tone="alert">{t(failure[state])}</Banner> : null}
    </Page>
  );
}
