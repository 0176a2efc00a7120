import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { logOutCustomer, pageNoticeState, RequireCustomer } from '@shop/shared';
import { Page } from '../ui/Page.tsx';

const links = [
  ['/account-data', 'data'],
  ['/account-order', 'orders'],
  ['/account-level', 'level'],
  ['/account-address', 'address'],
  ['/account-privacy', 'privacy'],
] as const;

/** Side navigation of the account area (docs/product-rules.md#screens): Data, Orders, Level, Address, Privacy, Logout (→ home). */
function AccountNavigation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOut = async () => {
    await logOutCustomer();
    navigate('/', { replace: true, state: pageNoticeState('loggedOut') });
  };
  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <ul>
        {links.map(([path, key]) => (
          <li key={path}>
            <NavLink to={path}>{t(`account.nav.${key}`)}</NavLink>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => void logOut()}>
            {t('account.nav.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** A protected account screen: logged-out visitors go to /login and come back afterwards. */
export function AccountScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RequireCustomer>
      <Page title={title}>
        <div className="account-layout">
          <AccountNavigation />
          <div>{children}</div>
        </div>
      </Page>
    </RequireCustomer>
  );
}
