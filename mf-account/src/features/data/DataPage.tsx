import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Banner, useCustomerStore, type BannerTone } from '@shop/shared';
import { AccountScreen } from '../account/AccountLayout.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm, type ProfileOutcome } from './ProfileForm.tsx';
import { SidePanel } from './SidePanel.tsx';

type Notice = ProfileOutcome | 'registrationSuccess' | 'passwordSaved' | 'passwordError';
const tones: Record<Notice, BannerTone> = {
  registrationSuccess: 'success',
  saved: 'success',
  emailChangeRequested: 'info',
  error: 'alert',
  passwordSaved: 'success',
  passwordError: 'alert',
  tooManyAttempts: 'alert',
};
const texts: Record<Notice, string> = {
  registrationSuccess: 'account.data.registrationSuccess',
  saved: 'account.data.saved',
  emailChangeRequested: 'account.data.emailChangeRequested',
  error: 'account.data.error',
  passwordSaved: 'account.data.passwordSaved',
  passwordError: 'account.data.passwordError',
  tooManyAttempts: 'account.errors.tooManyAttempts',
};

/** Router state that shows the registration-success banner once (docs/product-rules.md#screens Data). */
export interface RegistrationSuccessState {
  registrationSuccess?: boolean;
}

function DataContent() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const customer = useCustomerStore((state) => state.customer)!;
  const [notice, setNotice] = useState<Notice | null>(
    (location.state as RegistrationSuccessState | null)?.registrationSuccess ? 'registrationSuccess' : null,
  );
  // Each answer of a save is a new notice, even the same one again: it takes the focus that the disabled button
  // dropped, and is announced (docs/decisions/0064-focus-moves-in-layout-effects.md). The registration notice
  // greets an arrival and leaves the focus to the page heading.
  const [answers, setAnswers] = useState(0);
  const showAnswer = (outcome: Notice) => {
    setNotice(outcome);
    setAnswers((count) => count + 1);
  };

  // The flag is shown once: cleared from the history entry so a reload or going back does not show it again.
  useEffect(() => {
    if ((location.state as RegistrationSuccessState | null)?.registrationSuccess)
      navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);

  return (
    <div className="account-data">
      <div>
        {notice ? (
          <Banner key={answers} tone={tones[notice]} takeFocus={answers > 0}>
            {t(texts[notice])}
          </Banner>
        ) : null}
        <section>
          <ProfileForm key={customer.email} customer={customer} onOutcome={showAnswer} />
        </section>
        <section>
          <PasswordForm onOutcome={showAnswer} />
        </section>
      </div>
      <SidePanel customer={customer} />
    </div>
  );
}

/** /account-data: personal data, password, side panel and the four banners of docs/product-rules.md#screens. */
export function DataPage() {
  const { t } = useTranslation();
  return (
    <AccountScreen title={t('account.data.title')}>
      <DataContent />
    </AccountScreen>
  );
}
