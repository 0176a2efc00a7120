import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ApiError,
  Banner,
  Button,
  PrivacyErrorCode,
  type DeletionBlocker,
  type GuestPrivacyOverview,
} from '@shop/shared';
import { isInvalidLink, isTooManyRequests } from '../forms/messages.ts';
import { Page } from '../ui/Page.tsx';
import { deleteGuestData, exportGuestData, fetchGuestPrivacyOverview } from './api.ts';
import { DeletionBlockers, DeletionDetails } from './DeletionDetails.tsx';
import { exportFileName, saveJsonFile } from './saveFile.ts';

type Notice = { tone: 'success' | 'alert'; text: string; n: number };

const failureText = (error: unknown) =>
  isInvalidLink(error)
    ? 'account.errors.invalidLink'
    : isTooManyRequests(error)
      ? 'account.errors.tooManyAttempts'
      : 'account.errors.general';

/**
 * /privacy-request-confirm?token=…: the page a guest's mailed link opens (docs/privacy.md#guests). Opening it only
 * reads what is held (mail scanners open links); the download and the deletion wait for their buttons.
 */
export function PrivacyRequestConfirmPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const [overview, setOverview] = useState<GuestPrivacyOverview | null>(null);
  const [failure, setFailure] = useState<string | null>(token ? null : 'account.errors.invalidLink');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<'download' | 'delete' | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    if (!token) return;
    let active = true;
    fetchGuestPrivacyOverview(token).then(
      (result) => active && setOverview(result),
      (error: unknown) => active && setFailure(failureText(error)),
    );
    return () => {
      active = false;
    };
  }, [token]);

  const download = async () => {
    setBusy('download');
    try {
      const fileName = exportFileName();
      saveJsonFile(await exportGuestData(token), fileName);
      setNotice({ tone: 'success', text: t('account.privacy.downloaded', { file: fileName }), n: Date.now() });
    } catch (error) {
      setNotice({ tone: 'alert', text: t(failureText(error)), n: Date.now() });
    } finally {
      setBusy(null);
    }
  };

  const erase = async () => {
    setBusy('delete');
    try {
      await deleteGuestData(token);
      setDeleted(true);
    } catch (error) {
      const blockers =
        error instanceof ApiError && error.code === PrivacyErrorCode.deletionBlocked
          ? ((error.payload as { blockers?: DeletionBlocker[] } | undefined)?.blockers ?? [])
          : null;
      if (blockers && overview) setOverview({ ...overview, blockers });
      setNotice({ tone: 'alert', text: t(blockers ? 'account.privacy.blocked' : failureText(error)), n: Date.now() });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Page title={t('account.privacyRequest.confirmTitle')} narrow>
      {deleted ? (
        <Banner tone="success" takeFocus data-testid="privacy-guest-deleted">
          {t('account.privacyRequest.deleted')}
        </Banner>
      ) : failure ? (
        <>
          <Banner tone="alert">{t(failure)}</Banner>
          <p className="account-links">
            <Link to="/privacy-request">{t('account.privacyRequest.again')}</Link>
          </p>
        </>
      ) : overview === null ? (
        <p role="status">{t('account.privacy.loading')}</p>
      ) : (
        <>
          <p>{t('account.privacyRequest.about', { email: overview.email })}</p>
          {overview.accountExists ? <Banner tone="info">{t('account.privacyRequest.accountExists')}</Banner> : null}
          {notice ? (
            <Banner key={notice.n} tone={notice.tone} takeFocus data-testid="privacy-guest-notice">
              {notice.text}
            </Banner>
          ) : null}
          {overview.holdsData ? (
            <>
              <section className="shop-card" aria-labelledby="privacy-guest-download-title">
                <h2 id="privacy-guest-download-title">{t('account.privacy.downloadTitle')}</h2>
                <p>{t('account.privacyRequest.downloadIntro')}</p>
                <Button type="button" disabled={busy !== null} onClick={() => void download()}>
                  {t(busy === 'download' ? 'account.privacy.downloading' : 'account.privacy.download')}
                </Button>
              </section>
              <section className="shop-card" aria-labelledby="privacy-guest-delete-title">
                <h2 id="privacy-guest-delete-title">{t('account.privacyRequest.deleteTitle')}</h2>
                <DeletionDetails preview={overview} account={false} />
                {overview.blockers.length > 0 ? (
                  <DeletionBlockers blockers={overview.blockers} />
                ) : (
                  <>
                    <div className="shop-check">
                      <input
                        id="privacy-guest-confirm"
                        type="checkbox"
                        checked={confirmed}
                        onChange={(event) => setConfirmed(event.target.checked)}
                      />
                      <label htmlFor="privacy-guest-confirm">{t('account.privacyRequest.confirmDelete')}</label>
                    </div>
                    <div className="account-form__actions">
                      <Button type="button" disabled={busy !== null || !confirmed} onClick={() => void erase()}>
                        {t(busy === 'delete' ? 'account.privacy.deleting' : 'account.privacyRequest.delete')}
                      </Button>
                    </div>
                  </>
                )}
              </section>
            </>
          ) : (
            <p data-testid="privacy-guest-nothing">{t('account.privacyRequest.nothing')}</p>
          )}
        </>
      )}
    </Page>
  );
}
