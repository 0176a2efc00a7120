import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, logOutCustomer, pageNoticeState, useAuthStore, useCustomerStore } from '@shop/shared';

/** Hands the focus to the page's content before the control that has it goes away with the notice (WCAG 2.4.3). */
const focusMain = () => document.getElementById('main')?.focus({ preventScroll: true });

/**
 * What a `customerToken` link did (docs/decisions/0077-login-links.md), at the top of the page's content for as long
 * as the page lives, until closed or logged out:
 * - it logged this tab in: "Sie sind jetzt als … angemeldet. Nicht Sie? Abmelden", so a visitor whom somebody else's
 *   link put into their account sees it before typing an address or paying (login CSRF);
 * - it came while another customer was logged in, whose session was kept: that the link was not used, and why.
 * A polite live region that is always there (so the text is announced when the account's address arrives). It moves
 * no focus on its own: it answers no act of the visitor's, and the page's start stays where the browser puts it
 * (docs/decisions/0064-focus-moves-in-layout-effects.md). Its buttons hand the focus to `main` in their click handler
 * before the notice goes; "Abmelden" then goes home, as every logout does.
 */
export function LinkLoginNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const linkLogin = useAuthStore((state) => state.linkLogin);
  const email = useCustomerStore((state) => state.customer?.email ?? null);
  const failed = useCustomerStore((state) => state.status === 'error');
  const known = email !== null || failed;

  return (
    <div role="status" className="shell-link-login">
      {linkLogin && known ? (
        <div className="shop-page">
          <div className="shop-banner shop-banner--info" data-testid="link-login-notice">
            {linkLogin === 'loggedIn' ? (
              <p>
                {email ? t('shell.linkLogin.loggedIn', { email }) : t('shell.linkLogin.loggedInUnknown')}{' '}
                {t('shell.linkLogin.notYou')}{' '}
                <Button
                  variant="secondary"
                  onClick={() => {
                    focusMain();
                    void logOutCustomer();
                    navigate('/', { state: pageNoticeState('loggedOut') });
                  }}
                >
                  {t('shell.linkLogin.logout')}
                </Button>
              </p>
            ) : (
              <p>
                {email ? t('shell.linkLogin.kept', { email }) : t('shell.linkLogin.keptUnknown')}{' '}
                <Button
                  variant="secondary"
                  onClick={() => {
                    focusMain();
                    useAuthStore.getState().dismissLinkLogin();
                  }}
                >
                  {t('common.close')}
                </Button>
              </p>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
