import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  ApiError,
  Banner,
  logOutCustomer,
  PrivacyErrorCode,
  type DeletionBlocker,
  type DeletionPreview,
} from '@shop/shared';
import { AccountScreen } from '../account/AccountLayout.tsx';
import { isTooManyRequests } from '../forms/messages.ts';
import { DeletionBlockers, DeletionDetails } from './DeletionDetails.tsx';
import { deleteMyAccount, exportMyData, fetchDeletionPreview } from './api.ts';
import { PasswordConfirmForm } from './PasswordConfirmForm.tsx';
import { exportFileName, saveJsonFile } from './saveFile.ts';

type Notice = { tone: 'success' | 'alert'; text: string; n: number };

/** A failure's text: a wrong password shows on its field, a limit says to wait, anything else is general. */
const failureText = (error: unknown) =>
  isTooManyRequests(error)
    ? 'account.errors.tooManyAttempts'
    : error instanceof ApiError && error.fields?.password
      ? 'account.privacy.wrongPassword'
      : 'account.errors.general';

/** The blockers a refused deletion names (DELETION_BLOCKED), or null for any other failure. */
function blockersOf(error: unknown): DeletionBlocker[] | null {
  if (!(error instanceof ApiError) || error.code !== PrivacyErrorCode.deletionBlocked) return null;
  return ((error.payload as { blockers?: DeletionBlocker[] } | undefined)?.blockers ?? []) as DeletionBlocker[];
}

function PrivacyContent() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [download, setDownload] = useState<Notice | null>(null);
  const [deletion, setDeletion] = useState<Notice | null>(null);
  const [preview, setPreview] = useState<DeletionPreview | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);

  useEffect(() => {
    let active = true;
    fetchDeletionPreview().then(
      (result) => active && setPreview(result),
      () => active && setPreviewFailed(true),
    );
    return () => {
      active = false;
    };
  }, []);

  const exportData = async (password: string) => {
    try {
      const data = await exportMyData(password);
      const fileName = exportFileName();
      saveJsonFile(data, fileName);
      setDownload({ tone: 'success', text: t('account.privacy.downloaded', { file: fileName }), n: Date.now() });
    } catch (error) {
      setDownload({ tone: 'alert', text: t(failureText(error)), n: Date.now() });
      throw error;
    }
  };

  const deleteAccount = async (password: string) => {
    try {
      await deleteMyAccount(password);
    } catch (error) {
      const blockers = blockersOf(error);
      if (blockers && preview) setPreview({ ...preview, blockers });
      setDeletion({ tone: 'alert', text: t(blockers ? 'account.privacy.blocked' : failureText(error)), n: Date.now() });
      throw error;
    }
    // The server ended every session; this browser forgets its token and shows the confirmation.
    await logOutCustomer();
    navigate('/account-deleted', { replace: true });
  };

  return (
    <div className="account-privacy">
      <p>{t('account.privacy.intro')}</p>
      <section className="shop-card" aria-labelledby="privacy-download-title">
        <h2 id="privacy-download-title">{t('account.privacy.downloadTitle')}</h2>
        <p>{t('account.privacy.downloadIntro')}</p>
        {download ? (
          <Banner key={download.n} tone={download.tone} takeFocus data-testid="privacy-download-notice">
            {download.text}
          </Banner>
        ) : null}
        <PasswordConfirmForm
          labelledBy="privacy-download-title"
          testId="privacy-download-form"
          submit={t('account.privacy.download')}
          submitting={t('account.privacy.downloading')}
          onSubmit={exportData}
        />
      </section>
      <section className="shop-card" aria-labelledby="privacy-delete-title">
        <h2 id="privacy-delete-title">{t('account.privacy.deleteTitle')}</h2>
        {deletion ? (
          <Banner key={deletion.n} tone={deletion.tone} takeFocus data-testid="privacy-delete-notice">
            {deletion.text}
          </Banner>
        ) : null}
        {previewFailed ? (
          <p role="alert">{t('account.errors.general')}</p>
        ) : preview === null ? (
          <p role="status">{t('account.privacy.loading')}</p>
        ) : (
          <>
            <p>{t('account.privacy.deleteIntro')}</p>
            <DeletionDetails preview={preview} account />
            {preview.blockers.length > 0 ? (
              <DeletionBlockers blockers={preview.blockers} />
            ) : (
              <PasswordConfirmForm
                labelledBy="privacy-delete-title"
                testId="privacy-delete-form"
                confirm={t('account.privacy.confirmDelete')}
                submit={t('account.privacy.delete')}
                submitting={t('account.privacy.deleting')}
                onSubmit={deleteAccount}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** /account-privacy: "Meine Daten herunterladen" and "Konto löschen" (docs/privacy.md). */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <AccountScreen title={t('account.privacy.title')}>
      <PrivacyContent />
    </AccountScreen>
  );
}
