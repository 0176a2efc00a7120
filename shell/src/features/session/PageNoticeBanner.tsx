import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Banner, pageNoticeOf } from '@shop/shared';

/**
 * The success notice a page carried to this one (pageNoticeState in @shop/shared): "Sie haben sich abgemeldet." on
 * the home page after a logout, and so on. It lives in the history entry, so it goes with the next navigation.
 */
export function PageNoticeBanner() {
  const { t } = useTranslation();
  const notice = pageNoticeOf(useLocation().state);
  if (!notice) return null;
  return (
    <div className="shop-page" data-testid="page-notice">
      <Banner tone="success">{t(`common.pageNotice.${notice}`)}</Banner>
    </div>
  );
}
